import PerennialCore

/// One thing wrong with how an app is set up with a store, found by `perennial doctor` (and shown on
/// /health): a stable code, what is wrong, and how to fix it.
public struct StoreDiagnosis: Sendable, Hashable, Codable {
    /// The store it is about; nil for Perennial's own set-up.
    public var store: Store?
    /// A stable code (`google_package_unknown`).
    public var code: String
    /// What is wrong, for a person.
    public var problem: String
    /// What to do about it.
    public var fix: String

    public init(store: Store?, code: String, problem: String, fix: String) {
        self.store = store
        self.code = code
        self.problem = problem
        self.fix = fix
    }
}
