/// A store report `perennial reconcile` reads, and how it is compared: each store's module brings its own
/// formats (App Store Connect's sales and subscription-event reports, Google Play's earnings report).
public protocol StoreReportFormat: Sendable {
    /// Its stable name in the reconciliation's output (`app_store_sales`).
    var id: String { get }
    /// The store the report is from.
    var store: Store { get }
    /// A readable name.
    var title: String { get }
    /// How its text is delimited.
    var dialect: DelimitedText { get }
    /// Whether it tells renewals from first purchases (a sales report counts every paid unit alike).
    var distinguishesRenewals: Bool { get }
    /// Whether its lines name the orders they count, so the comparison is order by order; otherwise the
    /// report is aggregated, and counts are compared per row period, product and kind.
    var comparesOrders: Bool { get }
    /// Whether every line names its product, so Perennial's transactions of a product the report lacks are
    /// compared under that product; otherwise they are compared with the lines naming no product.
    var namesEveryProduct: Bool { get }

    /// Whether `header` (the report's first line) is this report's.
    func recognises(_ header: ReportHeader) -> Bool

    /// Reads the report's records (the first is the header).
    /// - Parameter productIDs: the product identifier of each store-side subscription id, for reports that
    ///   name subscriptions by the store's own id.
    func read(_ records: [DelimitedText.Record], productIDs: [String: String]) throws -> StoreReport

    /// Whether a production transaction of the report's store that the customer bought is one the report
    /// counts at all.
    func counts(_ fact: TransactionFact) -> Bool

    /// Whether a transaction the report counts is a renewal rather than a first purchase.
    func isRenewal(_ fact: TransactionFact) -> Bool
}

extension StoreReportFormat {
    public func counts(_ fact: TransactionFact) -> Bool { true }

    /// A transaction that is not its subscription's first.
    public func isRenewal(_ fact: TransactionFact) -> Bool { fact.transactionID != fact.subscriptionID }
}
