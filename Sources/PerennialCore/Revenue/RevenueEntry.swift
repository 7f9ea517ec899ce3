/// One line of revenue: the sale of one transaction, or its refund, with what the store kept and what the
/// team receives, in the transaction's currency and, when a rate is known, in the reporting currency. A
/// refund's amounts are the sale's, negated, converted at the sale's rate, so it reverses it exactly.
public struct RevenueEntry: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case sale, refund
    }

    public var kind: Kind
    public var subscription: SubscriptionKey
    public var transactionID: String
    public var productID: String
    public var occurredAt: Instant
    /// The storefront's country, when the store said.
    public var storefront: String?
    /// What the customer paid, tax included (negative for a refund).
    public var price: Money
    /// The tax in it, when the store reported it; zero otherwise.
    public var tax: Money
    /// The price is the catalog's, because the store did not say.
    public var isEstimated: Bool
    /// The store's share of the price without tax, in basis points.
    public var commissionBasisPoints: Int
    /// What the store kept: its share and any fixed fee.
    public var commission: Money
    /// What the team receives: price less tax less commission.
    public var proceeds: Money
    /// `price` in the reporting currency; nil without a rate for the date.
    public var reportingPrice: Money?
    /// `proceeds` in the reporting currency; nil without a rate for the date.
    public var reportingProceeds: Money?

    public init(
        kind: Kind, subscription: SubscriptionKey, transactionID: String, productID: String, occurredAt: Instant,
        storefront: String?, price: Money, tax: Money, isEstimated: Bool, commissionBasisPoints: Int, commission: Money,
        proceeds: Money, reportingPrice: Money?, reportingProceeds: Money?
    ) {
        self.kind = kind
        self.subscription = subscription
        self.transactionID = transactionID
        self.productID = productID
        self.occurredAt = occurredAt
        self.storefront = storefront
        self.price = price
        self.tax = tax
        self.isEstimated = isEstimated
        self.commissionBasisPoints = commissionBasisPoints
        self.commission = commission
        self.proceeds = proceeds
        self.reportingPrice = reportingPrice
        self.reportingProceeds = reportingProceeds
    }

    /// Lines by when they happened; a sale before its own refund at the same instant.
    public static func chronologically(_ lhs: RevenueEntry, _ rhs: RevenueEntry) -> Bool {
        (lhs.occurredAt, lhs.transactionID, lhs.kind == .refund ? 1 : 0) < (rhs.occurredAt, rhs.transactionID, rhs.kind == .refund ? 1 : 0)
    }
}
