import Foundation

/// A store report, read: which report it is, its lines, the days it covers and the time zone its days are
/// in. The input of `Reconciler`.
public struct StoreReport: Sendable {
    /// Which report the file was.
    public var kind: any StoreReportFormat
    /// What the report counted, in file order.
    public var lines: [StoreReportLine]
    /// Every day the report covers, including days on which it counted nothing but which its rows span
    /// (a weekly row covers seven days). Perennial's transactions outside them are not compared.
    public var days: Set<CivilDate>
    /// The time zone the report's days are in: Perennial's instants are placed on days in it.
    public var timeZone: TimeZone

    public init(kind: any StoreReportFormat, lines: [StoreReportLine], days: Set<CivilDate>? = nil, timeZone: TimeZone) {
        self.kind = kind
        self.lines = lines
        self.days = days ?? Set(lines.flatMap { line in
            (0...max(0, min(line.lastDay.days(since: line.firstDay), 366))).map { line.firstDay.adding(days: $0) }
        })
        self.timeZone = timeZone
    }

    /// The store the report is from.
    public var store: Store { kind.store }

    /// Reads a report of one of `formats`, recognised from its header (`StoreReportDetector`). The data must
    /// already be decompressed.
    /// - Parameter productIDs: the product identifier of each store-side subscription id, for reports that
    ///   name subscriptions by the store's own id (App Store Subscription Event reports: `Subscription Apple
    ///   ID`); subscriptions not in it are compared as one.
    public static func read(_ data: Data, formats: [any StoreReportFormat], productIDs: [String: String] = [:]) throws -> StoreReport {
        let bytes = try DelimitedText.utf8Bytes(data)
        let format = try StoreReportDetector.format(utf8: bytes, among: formats)
        return try format.read(try format.dialect.records(utf8: bytes), productIDs: productIDs)
    }

    /// America/Los_Angeles: the time zone of reports that run on Pacific time.
    public static let pacific = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(secondsFromGMT: -8 * 3600)!
    /// UTC.
    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
}
