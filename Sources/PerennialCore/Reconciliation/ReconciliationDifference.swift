/// One disagreement between a store's report and Perennial: on a day (or over an aggregated row's days),
/// the store counted `storeCount` of a kind for a product and Perennial `perennialCount`.
public struct ReconciliationDifference: Sendable, Hashable, Encodable {
    /// The first day the compared row covers, in the report's time zone.
    public var firstDay: CivilDate
    /// The last day it covers (`firstDay` for a daily report).
    public var lastDay: CivilDate
    /// The product; nil when the report does not name products by identifier (all compared together).
    public var productID: String?
    /// How the report names the product, when it does.
    public var productName: String?
    public var kind: StoreReportLine.Kind
    /// What the store counted.
    public var storeCount: Int
    /// What Perennial has.
    public var perennialCount: Int
    /// The order id, for stores that give one (Google Play): the difference is about that order.
    public var orderID: String?
    /// Perennial's transactions counted (the ids to look up when Perennial has more than the store).
    public var transactionIDs: [String]

    public init(
        firstDay: CivilDate, lastDay: CivilDate? = nil, productID: String?, productName: String? = nil,
        kind: StoreReportLine.Kind, storeCount: Int, perennialCount: Int, orderID: String? = nil,
        transactionIDs: [String] = []
    ) {
        self.firstDay = firstDay
        self.lastDay = lastDay ?? firstDay
        self.productID = productID
        self.productName = productName
        self.kind = kind
        self.storeCount = storeCount
        self.perennialCount = perennialCount
        self.orderID = orderID
        self.transactionIDs = transactionIDs
    }

    /// Whether the store counted more than Perennial saw (otherwise Perennial has more).
    public var isMissingFromPerennial: Bool { storeCount > perennialCount }

    private enum CodingKeys: String, CodingKey {
        case firstDay = "first_day", lastDay = "last_day", productID = "product_id", productName = "product_name"
        case kind, storeCount = "store_count", perennialCount = "perennial_count", orderID = "order_id"
        case transactionIDs = "transaction_ids"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(firstDay.description, forKey: .firstDay)
        try container.encode(lastDay.description, forKey: .lastDay)
        try container.encodeIfPresent(productID, forKey: .productID)
        try container.encodeIfPresent(productName, forKey: .productName)
        try container.encode(kind, forKey: .kind)
        try container.encode(storeCount, forKey: .storeCount)
        try container.encode(perennialCount, forKey: .perennialCount)
        try container.encodeIfPresent(orderID, forKey: .orderID)
        try container.encode(transactionIDs, forKey: .transactionIDs)
    }
}
