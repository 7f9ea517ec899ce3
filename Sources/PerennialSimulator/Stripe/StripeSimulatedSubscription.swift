/// A simulated subscription with one item (one price, a quantity). Its billing period lives on the item,
/// as in Stripe's current API.
public struct StripeSimulatedSubscription: Sendable, Hashable {
    /// `pause_collection`: invoices are still created but not collected until `resumesAt`.
    public struct PauseCollection: Sendable, Hashable {
        /// `keep_as_draft`, `mark_uncollectible` or `void`.
        public var behavior: String
        public var resumesAt: Int64?
    }

    public var id: String
    public var customer: String
    public var itemID: String
    public var price: String
    public var quantity: Int64
    /// A price change waiting for the next period (the simulator does not prorate).
    public var pendingPrice: String?
    public var status: String
    public var created: Int64
    public var startDate: Int64
    /// Periods count from this instant; `periodIndex` is the current one's number.
    public var billingCycleAnchor: Int64
    public var periodIndex: Int
    public var currentPeriodStart: Int64
    public var currentPeriodEnd: Int64
    public var trialStart: Int64?
    public var trialEnd: Int64?
    public var trialWillEndSent = false
    public var cancelAtPeriodEnd = false
    public var cancelAt: Int64?
    public var canceledAt: Int64?
    public var endedAt: Int64?
    /// `cancellation_details.reason`.
    public var cancellationReason: String?
    public var pauseCollection: PauseCollection?
    public var metadata: [String: String]
    public var latestInvoice: String?
    public var testClock: String?
    /// The invoice whose payment keeps it `incomplete`, and when that ends (23 hours after creation).
    public var incompleteExpiresAt: Int64?
}
