import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files only their owner may read: the master key and the SQLite database (whose WAL and shared-memory
/// files SQLite creates with the database file's mode).
public enum PrivateFile {
    /// Creates the file with mode 0600 from the start (never readable by others, not even for an instant)
    /// and writes `contents`; false if it exists already or cannot be created.
    public static func create(atPath path: String, contents: Data) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: contents)
            try handle.synchronize()
            return true
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            return false
        }
    }

    /// The file's permission bits, or nil when it cannot be read.
    public static func mode(atPath path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }
}
