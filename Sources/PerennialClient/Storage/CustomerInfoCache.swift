import Foundation

/// The customers the device last heard about, on disk: the server's answer, its ETag, when it came, and
/// whether a purchase since makes it stale whatever its age.
final class CustomerInfoCache: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only touched while `lock` is held; the file is written under it too.
    struct Entry: Codable, Sendable {
        var customer: CustomerPayload
        var eTag: String?
        var fetchedAt: Date
        /// Set after a purchase or a login: the next read goes to the server.
        var invalidated: Bool
    }

    /// At most this many customers are kept (a device sees few: the anonymous one, the logged-in ones).
    static let capacity = 8
    private let lock = NSLock()
    private let file: URL
    private var entries: [String: Entry]

    init(file: URL) {
        self.file = file
        entries = (try? ServerJSON.decoder().decode([String: Entry].self, from: Data(contentsOf: file))) ?? [:]
    }

    func entry(for appUserID: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[appUserID]
    }

    func store(_ entry: Entry, for appUserID: String) {
        update { $0[appUserID] = entry }
    }

    /// Marks the copy of `appUserID` stale; nothing to write when there is none.
    func invalidate(_ appUserID: String) {
        guard entry(for: appUserID).map({ !$0.invalidated }) == true else { return }
        update { $0[appUserID]?.invalidated = true }
    }

    private func update(_ change: (inout [String: Entry]) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&entries)
        while entries.count > Self.capacity, let oldest = entries.min(by: { $0.value.fetchedAt < $1.value.fetchedAt }) {
            entries[oldest.key] = nil
        }
        // A cache that cannot be written costs a request at the next launch, nothing more.
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? ServerJSON.encoder().encode(entries).write(to: file, options: .atomic)
    }
}
