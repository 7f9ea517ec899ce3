/// `POST /sessions` for a subscription's first payment: the shopper pays on Adyen's Drop-in or hosted page
/// (with strong customer authentication) and the card is stored for the renewals Perennial will make.
public struct AdyenCheckoutSession: Sendable, Hashable, Encodable {
    public var merchantAccount: String
    public var amount: AdyenAmount
    public var reference: String
    public var returnUrl: String
    public var shopperReference: String
    public var shopperInteraction = "Ecommerce"
    public var recurringProcessingModel = "Subscription"
    public var storePaymentMethodMode = "enabled"

    public init(merchantAccount: String, amount: AdyenAmount, renewal: AdyenRenewalReference, returnURL: String, shopperReference: String) {
        self.merchantAccount = merchantAccount
        self.amount = amount
        reference = renewal.merchantReference
        returnUrl = returnURL
        self.shopperReference = shopperReference
    }
}
