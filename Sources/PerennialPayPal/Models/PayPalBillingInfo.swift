/// A subscription's `billing_info`: what is owed, what was paid, what failed, and the next bill.
public struct PayPalBillingInfo: Sendable, Hashable, Codable {
    /// Owed and not collected (failed payments carried over).
    public var outstandingBalance: PayPalMoney?
    public var cycleExecutions: [PayPalCycleExecution]?
    public var lastPayment: PayPalLastPayment?
    public var nextBillingTime: String?
    public var finalPaymentTime: String?
    /// Consecutive failed payments; back to 0 after a payment succeeds.
    public var failedPaymentsCount: Int?
    public var lastFailedPayment: PayPalFailedPayment?

    public init(
        outstandingBalance: PayPalMoney? = nil, cycleExecutions: [PayPalCycleExecution]? = nil, lastPayment: PayPalLastPayment? = nil,
        nextBillingTime: String? = nil, finalPaymentTime: String? = nil, failedPaymentsCount: Int? = nil,
        lastFailedPayment: PayPalFailedPayment? = nil
    ) {
        self.outstandingBalance = outstandingBalance
        self.cycleExecutions = cycleExecutions
        self.lastPayment = lastPayment
        self.nextBillingTime = nextBillingTime
        self.finalPaymentTime = finalPaymentTime
        self.failedPaymentsCount = failedPaymentsCount
        self.lastFailedPayment = lastFailedPayment
    }

    enum CodingKeys: String, CodingKey {
        case outstandingBalance = "outstanding_balance", cycleExecutions = "cycle_executions", lastPayment = "last_payment"
        case nextBillingTime = "next_billing_time", finalPaymentTime = "final_payment_time"
        case failedPaymentsCount = "failed_payments_count", lastFailedPayment = "last_failed_payment"
    }

    /// Whether the subscriber owes money or PayPal counts failed payments: billing is in trouble, whatever
    /// the status says (PayPal keeps such a subscription ACTIVE until the failure threshold).
    public var isInArrears: Bool {
        (outstandingBalance?.isPositive ?? false) || (failedPaymentsCount ?? 0) > 0
    }
}
