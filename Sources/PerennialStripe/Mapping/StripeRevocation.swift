import PerennialCore

/// Money Stripe gave back or lost for an invoice: a full refund, or a dispute the merchant lost.
public struct StripeRevocation: Sendable, Hashable {
    /// When: the last refund's creation, or the lost dispute's opening (when the funds were withdrawn).
    public var at: Instant
    /// Kept as the transaction's cancellation reason: the refund's `reason` (or `refund`), or `dispute_lost`.
    public var reason: String

    public init(at: Instant, reason: String) {
        self.at = at
        self.reason = reason
    }
}
