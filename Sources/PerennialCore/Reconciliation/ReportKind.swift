/// The reports `perennial reconcile` reads, recognised from their header line.
public enum ReportKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// App Store Connect, Sales and Trends: the Summary Sales Report (tab-separated).
    case appStoreSales = "app_store_sales"
    /// App Store Connect, Sales and Trends: the Subscription Event report (tab-separated).
    case appStoreSubscriptionEvents = "app_store_subscription_events"
    /// Google Play Console: the monthly earnings report (comma-separated).
    case playEarnings = "play_earnings"

    /// The store the report is from.
    public var store: Store {
        self == .playEarnings ? .playStore : .appStore
    }

    /// How its text is delimited.
    public var dialect: DelimitedText {
        self == .playEarnings ? .commaSeparated : .tabSeparated
    }

    /// Whether the report tells renewals from first purchases: Sales reports count every paid unit alike.
    public var distinguishesRenewals: Bool { self != .appStoreSales }

    /// A readable name.
    public var title: String {
        switch self {
        case .appStoreSales: "App Store Summary Sales Report"
        case .appStoreSubscriptionEvents: "App Store Subscription Event report"
        case .playEarnings: "Google Play earnings report"
        }
    }

    /// The report whose header this is: the columns each needs, looked up by name.
    public static func detect(header names: [String]) -> ReportKind? {
        let header = ReportHeader(names)
        if header.contains("Product Type Identifier"), header.contains("Units"), header.contains("SKU") {
            return .appStoreSales
        }
        if header.contains("Event Date"), header.contains("Event"), header.contains("Subscription Apple ID") {
            return .appStoreSubscriptionEvents
        }
        if header.contains("Transaction Type"), header.contains("Description"), header.contains("Sku Id") {
            return .playEarnings
        }
        return nil
    }

    /// The report whose first line this text starts with: tab-separated when the line has a tab, else
    /// comma-separated.
    public static func detect(utf8 bytes: [UInt8]) throws -> ReportKind {
        let end = bytes.firstIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? bytes.endIndex
        let first = Array(bytes[..<min(end, 65_536)])
        guard !first.isEmpty else { throw StoreReportError.empty }
        let dialect: DelimitedText = first.contains(UInt8(ascii: "\t")) ? .tabSeparated : .commaSeparated
        guard let header = try dialect.records(utf8: first).first, let kind = detect(header: header.fields) else {
            throw StoreReportError.unrecognisedReport
        }
        return kind
    }
}
