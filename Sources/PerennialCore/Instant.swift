import Foundation

/// A point in time with millisecond precision, the unit the stores use (`purchase_date_ms`, `signedDate`).
///
/// Integer milliseconds keep every comparison exact: a `Date` round-trips through `Double` and can move by a
/// millisecond, which is enough to reorder two transactions.
public struct Instant: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var milliseconds: Int64

    /// Creates an instant from milliseconds since the Unix epoch.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Creates an instant from a `Date`, rounding to the nearest millisecond.
    public init(_ date: Date) {
        self.milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The same instant as a `Date`.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// This instant moved by a number of milliseconds (negative moves back).
    public func adding(milliseconds delta: Int64) -> Instant {
        Instant(milliseconds: milliseconds &+ delta)
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.milliseconds < rhs.milliseconds }

    public init(from decoder: any Decoder) throws {
        milliseconds = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(milliseconds)
    }

    public var description: String { date.formatted(.iso8601) }
}
