/// A card Adyen stored for a shopper (`GET /storedPaymentMethods`): its id, to charge it, and the ways it
/// may be charged. The Account Updater refreshes a card in place, under the same id.
public struct AdyenStoredPaymentMethod: Sendable, Hashable, Decodable {
    public var id: String
    public var supportedShopperInteractions: [String]?
    public var supportedRecurringProcessingModels: [String]?

    public init(id: String, supportedShopperInteractions: [String]? = nil, supportedRecurringProcessingModels: [String]? = nil) {
        self.id = id
        self.supportedShopperInteractions = supportedShopperInteractions
        self.supportedRecurringProcessingModels = supportedRecurringProcessingModels
    }

    /// Whether a subscription's renewals may charge it without the shopper (`ContAuth`, `Subscription`); a
    /// card that does not say is taken to allow it.
    public var chargesRenewals: Bool {
        (supportedShopperInteractions?.contains("ContAuth") ?? true) && (supportedRecurringProcessingModels?.contains("Subscription") ?? true)
    }
}

/// The answer to `GET /storedPaymentMethods`.
struct AdyenStoredPaymentMethods: Decodable {
    var storedPaymentMethods: [AdyenStoredPaymentMethod]?
}
