import Foundation

/// The SQLite benchmark database, seeded once and kept pristine beside the working copy
/// (`bench-N.sqlite.seeded`), which every run starts from: the notifications each run stores would otherwise
/// stay in it, and the file grew run after run (from about 0.2 to 3.7 GB in a day), each run slower than
/// the one before.
struct SeededSQLiteFile {
    /// The working database's path.
    let path: String

    var pristinePath: String { path + ".seeded" }

    /// Replaces the working copy by the pristine one, if there is one; false when there is none yet.
    func restore() throws -> Bool {
        let files = FileManager.default
        guard files.fileExists(atPath: pristinePath) else { return false }
        try removeWorkingCopy()
        try files.copyItem(atPath: pristinePath, toPath: path)
        return true
    }

    /// Keeps the working copy, just seeded and closed (its log merged into it), as the pristine one.
    func keep() throws {
        let files = FileManager.default
        if files.fileExists(atPath: pristinePath) { try files.removeItem(atPath: pristinePath) }
        try files.copyItem(atPath: path, toPath: pristinePath)
    }

    private func removeWorkingCopy() throws {
        for file in [path, path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: file) {
            try FileManager.default.removeItem(atPath: file)
        }
    }
}
