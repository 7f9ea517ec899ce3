/// `billing_info.last_payment`: the last payment collected, and when.
public struct PayPalLastPayment: Sendable, Hashable, Codable {
    public var amount: PayPalMoney?
    public var time: String?

    public init(amount: PayPalMoney?, time: String?) {
        self.amount = amount
        self.time = time
    }
}
