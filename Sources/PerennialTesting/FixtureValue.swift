/// A value built once from fixture files, for a test's static state. Reading it throws the error that
/// building it threw (a `MissingFixture` names the file), so a missing file fails the tests that need it
/// instead of trapping the whole test process as a `try!` in a static initializer would.
public struct FixtureValue<Value: Sendable>: Sendable {
    private let result: Result<Value, any Error>

    public init(_ build: () throws -> Value) {
        result = Result(catching: build)
    }

    /// The value, or the error that building it threw.
    public func get() throws -> Value { try result.get() }

    /// The value, or nil when it could not be built (for the argument lists of parameterized tests; a
    /// separate test reads it with `get()` so that the failure is reported).
    public var valueIfBuilt: Value? { try? result.get() }
}
