/// An error code Perennial's API answers with: its stable name, the kind of failure (which decides the HTTP
/// status), what it means, and whether what it reports may pass by itself.
///
/// The set is open, like `Store`: the store-neutral codes are `ErrorCode.storeNeutral`, and each store's
/// module adds its own (an App Store receipt's verdicts, a store that is not configured). README.md's table
/// of error codes is generated from all of them (`perennial error-codes`), and a test fails when the two
/// differ. Two codes are the same code when their names are.
public struct ErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// The stable name clients branch on (`receipt_not_authentic`).
    public let rawValue: String
    /// The kind of failure, which decides the HTTP status.
    public let kind: PerennialError.Kind
    /// What the code means, for the README's table.
    public let meaning: String
    /// Whether what the code reports may pass by itself, so that work failing with it (a queued receipt, a
    /// stored notification, a job) is tried again later: the store or the database did not answer, a check
    /// cannot run now, or the team can mend the app's configuration meanwhile (which /health shows). Any
    /// other code is a verdict the same input will meet again. Decided code by code, not by the HTTP status
    /// a code is answered with: a 429 passes, a server that cannot verify signed data never will.
    public let mayPass: Bool

    /// A code named `rawValue` (lower snake case, unique among every module's codes).
    public init(_ rawValue: String, _ kind: PerennialError.Kind, _ meaning: String, mayPass: Bool = false) {
        self.rawValue = rawValue
        self.kind = kind
        self.meaning = meaning
        self.mayPass = mayPass
    }

    public static func == (lhs: ErrorCode, rhs: ErrorCode) -> Bool { lhs.rawValue == rhs.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { rawValue }
}
