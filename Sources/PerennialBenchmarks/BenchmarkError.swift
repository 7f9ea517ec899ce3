/// A benchmark could not run (its input did not verify, its server did not start …).
public struct BenchmarkError: Error, CustomStringConvertible, Sendable {
    /// What went wrong.
    public var description: String

    /// Creates an error with its description.
    public init(_ description: String) {
        self.description = description
    }
}
