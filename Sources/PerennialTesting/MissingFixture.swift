/// A fixture file a test needs is not in the repository: the test fails with this, naming the file.
public struct MissingFixture: Error, CustomStringConvertible {
    /// The file's path under `Tests/Fixtures/`.
    public var relativePath: String

    public init(relativePath: String) {
        self.relativePath = relativePath
    }

    public var description: String { "missing fixture file Tests/Fixtures/\(relativePath)" }
}
