/// A transaction's `amount_with_breakdown`: what the payer paid, PayPal's fee, and what the merchant got.
public struct PayPalAmountBreakdown: Sendable, Hashable, Codable {
    public var grossAmount: PayPalMoney?
    public var feeAmount: PayPalMoney?
    public var netAmount: PayPalMoney?

    public init(grossAmount: PayPalMoney?, feeAmount: PayPalMoney? = nil, netAmount: PayPalMoney? = nil) {
        self.grossAmount = grossAmount
        self.feeAmount = feeAmount
        self.netAmount = netAmount
    }

    enum CodingKeys: String, CodingKey {
        case grossAmount = "gross_amount", feeAmount = "fee_amount", netAmount = "net_amount"
    }
}
