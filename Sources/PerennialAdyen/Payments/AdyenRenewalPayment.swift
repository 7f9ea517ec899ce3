/// `POST /payments` for a renewal: the stored card charged without the shopper (`ContAuth`), as a
/// subscription's recurring payment (`recurringProcessingModel: Subscription`).
public struct AdyenRenewalPayment: Sendable, Hashable, Encodable {
    public struct StoredMethod: Sendable, Hashable, Encodable {
        public var type = "scheme"
        public var storedPaymentMethodId: String
    }

    public var merchantAccount: String
    public var amount: AdyenAmount
    public var reference: String
    public var shopperReference: String
    public var paymentMethod: StoredMethod
    public var shopperInteraction = "ContAuth"
    public var recurringProcessingModel = "Subscription"

    public init(merchantAccount: String, amount: AdyenAmount, renewal: AdyenRenewalReference, shopperReference: String, storedPaymentMethodID: String) {
        self.merchantAccount = merchantAccount
        self.amount = amount
        reference = renewal.merchantReference
        self.shopperReference = shopperReference
        paymentMethod = StoredMethod(storedPaymentMethodId: storedPaymentMethodID)
    }
}
