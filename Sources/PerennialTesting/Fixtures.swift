import Foundation

/// Paths to the shared fixtures (Apple's test vectors, real receipts), used in place, never copied.
public enum Fixtures {
    /// The repository root, found from this file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures` beside the repository (override with PERENNIAL_FIXTURES).
    public static var root: URL {
        if let path = ProcessInfo.processInfo.environment["PERENNIAL_FIXTURES"] {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
    }

    /// A fixture file by its path under `fixtures/`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A fixture file's bytes.
    public static func data(_ relativePath: String) throws -> Data { try Data(contentsOf: url(relativePath)) }
}
