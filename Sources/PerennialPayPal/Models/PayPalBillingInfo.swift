/// The part of a subscription's `billing_info` Perennial reads: what is owed, how many payments failed, and
/// the next bill.
public struct PayPalBillingInfo: Sendable, Hashable, Codable {
    /// Owed and not collected (failed payments carried over).
    public var outstandingBalance: PayPalMoney?
    public var nextBillingTime: String?
    /// Consecutive failed payments; back to 0 after a payment succeeds.
    public var failedPaymentsCount: Int?

    public init(outstandingBalance: PayPalMoney? = nil, nextBillingTime: String? = nil, failedPaymentsCount: Int? = nil) {
        self.outstandingBalance = outstandingBalance
        self.nextBillingTime = nextBillingTime
        self.failedPaymentsCount = failedPaymentsCount
    }

    enum CodingKeys: String, CodingKey {
        case outstandingBalance = "outstanding_balance", nextBillingTime = "next_billing_time"
        case failedPaymentsCount = "failed_payments_count"
    }

    /// Whether the subscriber owes money or PayPal counts failed payments: billing is in trouble, whatever
    /// the status says (PayPal keeps such a subscription ACTIVE until the failure threshold).
    public var isInArrears: Bool {
        (outstandingBalance?.isPositive ?? false) || (failedPaymentsCount ?? 0) > 0
    }
}
