import Foundation

/// A `ClientValueStore` in one JSON file, written atomically (the default off Apple platforms).
public final class FileValueStore: ClientValueStore, @unchecked Sendable {
    // @unchecked Sendable: `values` is only read or written while `lock` is held, and the file is written
    // under the same lock.
    private let lock = NSLock()
    private let file: URL
    private var values: [String: String]

    /// The store in `file` (read now; created on the first write).
    public init(file: URL) {
        self.file = file
        values = (try? JSONDecoder().decode([String: String].self, from: Data(contentsOf: file))) ?? [:]
    }

    public func value(forKey key: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    public func setValue(_ value: String?, forKey key: String) throws {
        lock.lock()
        defer { lock.unlock() }
        var updated = values
        updated[key] = value
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(updated).write(to: file, options: .atomic)
        values = updated
    }
}
