import PerennialCore

/// Google Play's monthly earnings report (Play Console, Download reports › Financial): comma-separated, one
/// line per money movement of an order: its `Charge`, the `Google fee`, `Tax`, and on a refund `Charge
/// refund`, `Google fee refund`…. `Description` holds the order id (`GPA.…`; a renewal's ends in `..N`) and
/// `Sku Id` the product id.
///
/// Only charges and charge refunds are read. The day is `Transaction Date` (`Jan 5, 2026` or `2026-01-05`);
/// when `Transaction Time` carries `PST` or `PDT` the report's days are Pacific time, otherwise UTC.
public struct PlayEarningsReport: StoreReportFormat {
    public let id = "play_earnings"
    public let store = Store.playStore
    public let title = "Google Play earnings report"
    public let dialect = DelimitedText.commaSeparated
    public let distinguishesRenewals = true
    /// Every line names its order.
    public let comparesOrders = true
    public let namesEveryProduct = true

    public init() {}

    public func recognises(_ header: ReportHeader) -> Bool {
        header.contains("Transaction Type") && header.contains("Description") && header.contains("Sku Id")
    }

    /// A renewal's order id ends in `..N`.
    public func isRenewal(_ fact: TransactionFact) -> Bool { Self.isRenewalOrder(fact.transactionID) }

    /// Reads the records of an earnings report (the first is the header).
    public func read(_ records: [DelimitedText.Record], productIDs: [String: String] = [:]) throws -> StoreReport {
        guard let headerRecord = records.first else { throw StoreReportError.empty }
        let header = ReportHeader(headerRecord.fields)
        let order = try header.require("Description"), date = try header.require("Transaction Date")
        let type = try header.require("Transaction Type"), sku = try header.require("Sku Id")
        let time = header.optional("Transaction Time"), title = header.optional("Product Title")
        let currency = header.optional("Buyer Currency"), amount = header.optional("Amount (Buyer Currency)")
        var lines: [StoreReportLine] = []
        var days = Set<CivilDate>()
        var pacific = false
        for record in records.dropFirst() where !ReportHeader.isBlank(record) {
            let value = { (position: Int?) in ReportHeader.value(record, position) }
            let day = try ReportValue.date(value(date), column: "Transaction Date", line: record.line)
            days.insert(day)
            let zone = value(time).uppercased()
            if zone.hasSuffix("PST") || zone.hasSuffix("PDT") { pacific = true }
            let kind: StoreReportLine.Kind
            switch value(type).lowercased() {
            case "charge": kind = Self.isRenewalOrder(value(order)) ? .renewal : .sale
            case "charge refund": kind = .refund
            default: continue
            }
            let orderID = value(order)
            guard !orderID.isEmpty else { throw StoreReportError.missingColumn("Description") }
            let money = try ReportValue.money(
                value(amount), currency: value(currency), column: "Amount (Buyer Currency)", line: record.line)
            lines.append(StoreReportLine(
                store: .playStore, firstDay: day, productID: value(sku), productName: title.map { value($0) },
                kind: kind, count: 1, orderID: orderID,
                amount: money.map { Money(minorUnits: abs($0.minorUnits), currency: $0.currency) }, sourceLine: record.line
            ))
        }
        return StoreReport(kind: self, lines: lines, days: days, timeZone: pacific ? StoreReport.pacific : StoreReport.utc)
    }

    /// A renewal's order id ends in `..N` (`GPA.3372-1234-5678-90123..0` is the first renewal).
    public static func isRenewalOrder(_ orderID: String) -> Bool {
        guard let range = orderID.range(of: "..", options: .backwards) else { return false }
        let suffix = orderID[range.upperBound...]
        return !suffix.isEmpty && suffix.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
