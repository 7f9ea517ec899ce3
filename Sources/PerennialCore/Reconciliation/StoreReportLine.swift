/// What a store's report says happened, in store-neutral terms: on a day (or over the days of an aggregated
/// row), `count` sales, renewals or refunds of a product, with the order id when the store names one.
public struct StoreReportLine: Sendable, Hashable {
    /// What the line counts.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// A paid purchase: a first purchase, or any paid transaction in a report that does not tell
        /// renewals apart (App Store Sales reports).
        case sale
        /// A paid renewal (Google Play orders `GPA.…..N`; App Store Subscription Event renewals and
        /// conversions from an introductory offer).
        case renewal
        /// A refund of an earlier sale or renewal.
        case refund

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The store that reported it.
    public var store: Store
    /// The first day the line covers, in the report's time zone.
    public var firstDay: CivilDate
    /// The last day the line covers: `firstDay` for daily rows, later for a weekly or monthly report.
    public var lastDay: CivilDate
    /// The product identifier, when the report names it (App Store Sales `SKU`, Play `Sku Id`); nil when
    /// the report names the product another way (a Subscription Event report's Apple ID) and no mapping was
    /// given.
    public var productID: String?
    /// How the report names the product, for display (`Subscription Name`, `Title`, `Product Title`).
    public var productName: String?
    public var kind: Kind
    /// How many (always positive: a refund line counts refunds).
    public var count: Int
    /// The store's order id (Google Play's `GPA.…`), when it has one.
    public var orderID: String?
    /// The amount, when the report gives one exactly (the customer's price per unit, or a Play line's
    /// amount in the buyer's currency).
    public var amount: Money?
    /// The report line it came from (1 is the header).
    public var sourceLine: Int

    public init(
        store: Store, firstDay: CivilDate, lastDay: CivilDate? = nil, productID: String?, productName: String? = nil,
        kind: Kind, count: Int, orderID: String? = nil, amount: Money? = nil, sourceLine: Int = 0
    ) {
        self.store = store
        self.firstDay = firstDay
        self.lastDay = max(lastDay ?? firstDay, firstDay)
        self.productID = productID
        self.productName = productName
        self.kind = kind
        self.count = count
        self.orderID = orderID
        self.amount = amount
        self.sourceLine = sourceLine
    }
}
