import Foundation

/// The fixture files the tests read (Apple's test vectors, real receipts, conformance vectors): they live in
/// this repository under `Tests/Fixtures`, so a clone of the repository alone runs its tests.
public enum Fixtures {
    /// The repository root, found from this file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/Fixtures` in the repository.
    public static var root: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures") }

    /// A fixture file by its path under `Tests/Fixtures/`.
    public static func url(_ relativePath: String) -> URL { root.appendingPathComponent(relativePath) }

    /// A fixture file's bytes; a missing or unreadable file throws `MissingFixture`, which names it.
    public static func data(_ relativePath: String) throws -> Data {
        guard let data = FileManager.default.contents(atPath: url(relativePath).path) else {
            throw MissingFixture(relativePath: relativePath)
        }
        return data
    }
}
