/// A one-time product purchase as `purchases.products.get` returns it (`ProductPurchase`), with Google's
/// field names; numbers Google sends as strings stay strings.
public struct PlayProductPurchase: Sendable, Hashable, Codable {
    public var kind: String?
    public var productId: String?
    public var orderId: String?
    public var purchaseTimeMillis: String?
    /// 0 purchased, 1 canceled, 2 pending.
    public var purchaseState: Int?
    /// 0 not yet consumed, 1 consumed.
    public var consumptionState: Int?
    /// 0 not yet acknowledged, 1 acknowledged.
    public var acknowledgementState: Int?
    /// 0 test (license tester), 1 promo, 2 rewarded; absent for a real purchase.
    public var purchaseType: Int?
    public var quantity: Int?
    public var regionCode: String?
    public var obfuscatedExternalAccountId: String?
    public var obfuscatedExternalProfileId: String?
}
