import PerennialCore

/// App Store Connect's Summary Sales Report (Sales and Trends, version 1_0 to 1_3): tab-separated, one row
/// per aggregate of identical sales (product, day range, country, price…), with the count in `Units`.
///
/// Only in-app purchases are read (Product Type Identifier `IA1`, `IA1-M`, `FI1`, `IA9`, `IA9-M`, `IAY`,
/// `IAY-M`): app downloads, updates and restored purchases (`IA3`) are not sales Perennial records. For an
/// in-app purchase the `SKU` column holds its product identifier. Negative units are refunds. A row whose
/// `Customer Price` is zero is a free unit (a free trial's start) and is not a sale. Dates are `MM/DD/YYYY`,
/// days of Pacific time.
public struct AppStoreSalesReport: StoreReportFormat {
    public let id = "app_store_sales"
    public let store = Store.appStore
    public let title = "App Store Summary Sales Report"
    public let dialect = DelimitedText.tabSeparated
    /// Sales reports count every paid unit alike.
    public let distinguishesRenewals = false
    public let comparesOrders = false
    /// Every line names its product by SKU.
    public let namesEveryProduct = true

    public init() {}

    /// The product type identifiers of in-app purchases.
    public static let inAppPurchaseTypes: Set<String> = ["IA1", "IA1-M", "FI1", "IA9", "IA9-M", "IAY", "IAY-M"]

    public func recognises(_ header: ReportHeader) -> Bool {
        header.contains("Product Type Identifier") && header.contains("Units") && header.contains("SKU")
    }

    /// Reads the records of a Summary Sales Report (the first is the header).
    public func read(_ records: [DelimitedText.Record], productIDs: [String: String] = [:]) throws -> StoreReport {
        guard let headerRecord = records.first else { throw StoreReportError.empty }
        let header = ReportHeader(headerRecord.fields)
        let sku = try header.require("SKU"), type = try header.require("Product Type Identifier")
        let units = try header.require("Units"), begin = try header.require("Begin Date")
        let end = try header.require("End Date")
        let title = header.optional("Title"), price = header.optional("Customer Price")
        let currency = header.optional("Customer Currency")
        var lines: [StoreReportLine] = []
        var days = Set<CivilDate>()
        for record in records.dropFirst() where !ReportHeader.isBlank(record) {
            let value = { (position: Int?) in ReportHeader.value(record, position) }
            let first = try ReportValue.date(value(begin), column: "Begin Date", line: record.line)
            let last = try ReportValue.date(value(end), column: "End Date", line: record.line)
            guard first <= last, last.days(since: first) <= 366 else {
                throw StoreReportError.badDate(column: "End Date", line: record.line, value: value(end))
            }
            for offset in 0...last.days(since: first) { days.insert(first.adding(days: offset)) }
            guard Self.inAppPurchaseTypes.contains(value(type).uppercased()) else { continue }
            let count = try ReportValue.units(value(units), column: "Units", line: record.line)
            let amount = try ReportValue.money(
                value(price), currency: value(currency), column: "Customer Price", line: record.line)
            if count == 0 || amount?.minorUnits == 0 { continue }
            let productID = value(sku)
            guard !productID.isEmpty else { throw StoreReportError.missingColumn("SKU") }
            lines.append(StoreReportLine(
                store: .appStore, firstDay: first, lastDay: last, productID: productID,
                productName: title.map { value($0) }, kind: count > 0 ? .sale : .refund, count: abs(count),
                amount: amount.map { Money(minorUnits: abs($0.minorUnits), currency: $0.currency) },
                sourceLine: record.line
            ))
        }
        return StoreReport(kind: self, lines: lines, days: days, timeZone: StoreReport.pacific)
    }
}
