/// A promotional offer (subscription offer) of an auto-renewable subscription, as set up in App Store Connect:
/// `{id, type, periods, price}`. It covers `periods` periods of the product's own length.
public struct SimulatorPromotionalOffer: Sendable, Hashable, Codable {
    /// The offer identifier (product code) the app and its server refer to.
    public var id: String
    public var type: SimulatorPromotionalOfferType
    /// How many of the product's periods the offer covers (1 or more).
    public var periods: Int
    /// The offer price in milliunits of the product's currency (`price`, a decimal: `4.99` is 4990): per
    /// period for pay-as-you-go, once for pay-up-front, ignored for free offers.
    public var priceMilliunits: Int64

    public init(id: String, type: SimulatorPromotionalOfferType, periods: Int = 1, priceMilliunits: Int64 = 0) {
        self.id = id
        self.type = type
        self.periods = periods
        self.priceMilliunits = priceMilliunits
    }

    enum CodingKeys: String, CodingKey {
        case id, type, periods, price
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(periods, forKey: .periods)
        try container.encode(Double(priceMilliunits) / 1000, forKey: .price)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(SimulatorPromotionalOfferType.self, forKey: .type)
        periods = try container.decodeIfPresent(Int.self, forKey: .periods) ?? 1
        let price = try container.decodeIfPresent(Double.self, forKey: .price) ?? 0
        guard price.isFinite, price >= 0, price <= 1_000_000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .price, in: container, debugDescription: "price must be an amount from 0 to 1000000")
        }
        priceMilliunits = Int64((price * 1000).rounded())
    }

    /// What one transaction under the offer costs, in milliunits.
    var chargeMilliunits: Int64 { type == .free ? 0 : priceMilliunits }
}
