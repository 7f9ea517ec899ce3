import PerennialCore

/// App Store Connect's Subscription Event report (Sales and Trends, version 1_3): tab-separated, one row per
/// aggregate of identical subscription events on a day, with the count in `Quantity`.
///
/// Subscriptions are named by `Subscription Apple ID` and `Subscription Name`, not by product identifier;
/// a mapping from Apple ID to product identifier lets lines be compared per product, otherwise every
/// subscription is compared as one. Only events that charge or refund are read:
/// - a paid start (`sale`): `Subscribe`, and `Start Introductory Offer`, `Start Promotional Offer` and
///   `Start Offer Code` unless the offer is a free trial;
/// - a renewal: `Renew`, `Renewal from Billing Retry`, `Paid Subscription from Introductory Offer`,
///   `Reactivate` (and `Reactivate with …`);
/// - a refund: `Refund`.
/// Cancellations, free trials, billing retries, upgrades, downgrades and crossgrades are left out (the
/// charge of an upgrade is not told apart from its proration). Days are Pacific time.
public struct AppStoreSubscriptionEventReport: StoreReportFormat {
    public let id = "app_store_subscription_events"
    public let store = Store.appStore
    public let title = "App Store Subscription Event report"
    public let dialect = DelimitedText.tabSeparated
    public let distinguishesRenewals = true
    public let comparesOrders = false
    /// Subscriptions whose Apple ID has no product identifier are compared as one.
    public let namesEveryProduct = false

    public init() {}

    /// The event names read as paid starts, when the offer is not a free trial.
    public static let startEvents: Set<String> = [
        "subscribe", "start introductory offer", "start promotional offer", "start offer code",
    ]
    /// The event names read as renewals, when the offer is not a free trial.
    public static let renewalEvents: Set<String> = [
        "renew", "renewal from billing retry", "paid subscription from introductory offer", "reactivate",
    ]

    public func recognises(_ header: ReportHeader) -> Bool {
        header.contains("Event Date") && header.contains("Event") && header.contains("Subscription Apple ID")
    }

    /// Only subscriptions' transactions: the report lists no other purchases.
    public func counts(_ fact: TransactionFact) -> Bool { fact.expiresAt != nil }

    /// Reads the records of a Subscription Event report (the first is the header).
    /// - Parameter productIDs: the product identifier of each `Subscription Apple ID`.
    public func read(_ records: [DelimitedText.Record], productIDs: [String: String] = [:]) throws -> StoreReport {
        guard let headerRecord = records.first else { throw StoreReportError.empty }
        let header = ReportHeader(headerRecord.fields)
        let date = try header.require("Event Date"), event = try header.require("Event")
        let appleID = try header.require("Subscription Apple ID"), quantity = try header.require("Quantity")
        let name = header.optional("Subscription Name"), offerType = header.optional("Subscription Offer Type")
        var lines: [StoreReportLine] = []
        var days = Set<CivilDate>()
        for record in records.dropFirst() where !ReportHeader.isBlank(record) {
            let value = { (position: Int?) in ReportHeader.value(record, position) }
            let day = try ReportValue.date(value(date), column: "Event Date", line: record.line)
            days.insert(day)
            guard let kind = Self.kind(of: value(event).lowercased(), offerType: value(offerType).lowercased()) else { continue }
            let count = try ReportValue.units(value(quantity), column: "Quantity", line: record.line)
            guard count != 0 else { continue }
            let subscription = value(appleID)
            let title = value(name)
            lines.append(StoreReportLine(
                store: .appStore, firstDay: day, productID: productIDs[subscription],
                productName: title.isEmpty ? subscription : "\(title) (\(subscription))", kind: kind, count: abs(count),
                sourceLine: record.line
            ))
        }
        return StoreReport(kind: self, lines: lines, days: days, timeZone: StoreReport.pacific)
    }

    /// What an event (lower-cased) counts as; nil for events that neither charge nor refund.
    static func kind(of event: String, offerType: String) -> StoreReportLine.Kind? {
        if event == "refund" { return .refund }
        if event.contains("free trial") || offerType == "free trial" { return nil }
        if Self.startEvents.contains(event) { return .sale }
        if Self.renewalEvents.contains(event) || event.hasPrefix("reactivate") { return .renewal }
        return nil
    }
}
