/// A billing cycle's `pricing_scheme`: its fixed price (the tiered and volume schemes are not read).
public struct PayPalPricingScheme: Sendable, Hashable, Codable {
    public var fixedPrice: PayPalMoney?

    public init(fixedPrice: PayPalMoney?) {
        self.fixedPrice = fixedPrice
    }

    enum CodingKeys: String, CodingKey {
        case fixedPrice = "fixed_price"
    }
}
