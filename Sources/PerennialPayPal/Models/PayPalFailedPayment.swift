/// `billing_info.last_failed_payment`: the last payment that failed, why, and when PayPal tries again.
public struct PayPalFailedPayment: Sendable, Hashable, Codable {
    public var amount: PayPalMoney?
    public var time: String?
    /// `PAYMENT_DENIED`, `PAYER_CANNOT_PAY`, ….
    public var reasonCode: String?
    public var nextPaymentRetryTime: String?

    public init(amount: PayPalMoney?, time: String?, reasonCode: String?, nextPaymentRetryTime: String?) {
        self.amount = amount
        self.time = time
        self.reasonCode = reasonCode
        self.nextPaymentRetryTime = nextPaymentRetryTime
    }

    enum CodingKeys: String, CodingKey {
        case amount, time, reasonCode = "reason_code", nextPaymentRetryTime = "next_payment_retry_time"
    }
}
