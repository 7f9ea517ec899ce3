import Foundation

/// A store report, read: which report it is, its lines, the days it covers and the time zone its days are
/// in. The input of `Reconciler`.
public struct StoreReport: Sendable {
    /// Which report the file was.
    public var kind: ReportKind
    /// What the report counted, in file order.
    public var lines: [StoreReportLine]
    /// Every day the report covers, including days on which it counted nothing but which its rows span
    /// (a weekly row covers seven days). Perennial's transactions outside them are not compared.
    public var days: Set<CivilDate>
    /// The time zone the report's days are in: Perennial's instants are placed on days in it.
    public var timeZone: TimeZone

    public init(kind: ReportKind, lines: [StoreReportLine], days: Set<CivilDate>? = nil, timeZone: TimeZone) {
        self.kind = kind
        self.lines = lines
        self.days = days ?? Set(lines.flatMap { line in
            (0...max(0, min(line.lastDay.days(since: line.firstDay), 366))).map { line.firstDay.adding(days: $0) }
        })
        self.timeZone = timeZone
    }

    /// The store the report is from.
    public var store: Store { kind.store }

    /// Reads a report of any kind Perennial knows, recognised from its header (`ReportKind.detect`). The data
    /// must already be decompressed.
    /// - Parameter appleProductIDs: for Subscription Event reports, which name subscriptions by Apple ID:
    ///   the product identifier of each `Subscription Apple ID`; subscriptions not in it are compared as one.
    public static func read(_ data: Data, appleProductIDs: [String: String] = [:]) throws -> StoreReport {
        let bytes = try DelimitedText.utf8Bytes(data)
        let kind = try ReportKind.detect(utf8: bytes)
        let records = try kind.dialect.records(utf8: bytes)
        switch kind {
        case .appStoreSales: return try AppStoreSalesReport.read(records)
        case .appStoreSubscriptionEvents: return try AppStoreSubscriptionEventReport.read(records, productIDs: appleProductIDs)
        case .playEarnings: return try PlayEarningsReport.read(records)
        }
    }

    /// America/Los_Angeles: App Store Connect's worldwide Sales and Trends reports run on Pacific time.
    public static let pacific = TimeZone(identifier: "America/Los_Angeles") ?? TimeZone(secondsFromGMT: -8 * 3600)!
    /// UTC.
    public static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!
}
