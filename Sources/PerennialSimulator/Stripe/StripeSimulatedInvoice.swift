/// A simulated invoice of one subscription period (one line).
public struct StripeSimulatedInvoice: Sendable, Hashable {
    public var id: String
    public var number: String
    public var customer: String
    public var subscription: String?
    public var subscriptionItem: String?
    public var lineID: String
    public var price: String
    public var quantity: Int64
    /// `draft`, `open`, `paid`, `uncollectible` or `void`.
    public var status: String
    public var total: Int64
    public var amountPaid: Int64 = 0
    public var currency: String
    /// `subscription_create`, `subscription_cycle`, `subscription_update`, …
    public var billingReason: String
    public var attemptCount = 0
    public var attempted = false
    public var nextPaymentAttempt: Int64?
    /// When the first attempt failed: the retry schedule counts from here.
    public var firstFailureAt: Int64?
    public var paymentIntent: String?
    public var finalizedAt: Int64?
    public var paidAt: Int64?
    public var voidedAt: Int64?
    public var markedUncollectibleAt: Int64?
    /// The invoice's own period (Stripe's: for a renewal, the period that just ended, up to now).
    public var periodStart: Int64
    public var periodEnd: Int64
    /// The line's period: the one the invoice bills.
    public var lineStart: Int64
    public var lineEnd: Int64
    public var created: Int64
    public var testClock: String?

    /// What is still owed.
    public var amountRemaining: Int64 {
        status == "void" || status == "paid" ? 0 : total - amountPaid
    }
}
