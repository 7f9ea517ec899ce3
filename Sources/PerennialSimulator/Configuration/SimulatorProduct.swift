import PerennialCore

/// A product one simulated app sells.
public struct SimulatorProduct: Sendable, Hashable, Codable {
    /// The product identifier (`product_id`).
    public var id: String
    public var type: ProductType
    /// The subscription group, for auto-renewable subscriptions (`subscription_group_identifier`).
    public var subscriptionGroup: String?
    /// The rank inside the group: 1 is the highest tier. Products without a level rank as equals.
    public var groupLevel: Int?
    /// How long one period lasts; required for auto-renewable subscriptions.
    public var period: SimulatorPeriod?
    /// The free trial new subscribers may take, if any.
    public var trialPeriod: SimulatorPeriod?
    /// The introductory offer new subscribers may take, if any.
    public var introOffer: SimulatorIntroOffer?
    /// Whether the purchaser may share it with their family (default false).
    public var familyShareable: Bool
    /// The price in milliunits of USD (`price`, written as a decimal amount: `9.99` is 9990). Default 9990.
    public var priceMilliunits: Int64
    /// The promotional offers (`offers`) existing and lapsed subscribers may redeem with a signature.
    public var promotionalOffers: [SimulatorPromotionalOffer]

    public init(
        id: String, type: ProductType, subscriptionGroup: String? = nil, groupLevel: Int? = nil,
        period: SimulatorPeriod? = nil, trialPeriod: SimulatorPeriod? = nil, introOffer: SimulatorIntroOffer? = nil,
        familyShareable: Bool = false, priceMilliunits: Int64 = 9_990,
        offers: [SimulatorPromotionalOffer] = []
    ) {
        self.promotionalOffers = offers
        self.priceMilliunits = priceMilliunits
        self.id = id
        self.type = type
        self.subscriptionGroup = subscriptionGroup
        self.groupLevel = groupLevel
        self.period = period
        self.trialPeriod = trialPeriod
        self.introOffer = introOffer
        self.familyShareable = familyShareable
    }

    enum CodingKeys: String, CodingKey {
        case id, type, period
        case subscriptionGroup = "subscription_group"
        case groupLevel = "group_level"
        case trialPeriod = "trial_period"
        case introOffer = "intro_offer"
        case familyShareable = "family_shareable"
        case price
        case promotionalOffers = "offers"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(subscriptionGroup, forKey: .subscriptionGroup)
        try container.encodeIfPresent(groupLevel, forKey: .groupLevel)
        try container.encodeIfPresent(period, forKey: .period)
        try container.encodeIfPresent(trialPeriod, forKey: .trialPeriod)
        try container.encodeIfPresent(introOffer, forKey: .introOffer)
        try container.encode(familyShareable, forKey: .familyShareable)
        try container.encode(Double(priceMilliunits) / 1000, forKey: .price)
        if !promotionalOffers.isEmpty { try container.encode(promotionalOffers, forKey: .promotionalOffers) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        type = try container.decode(ProductType.self, forKey: .type)
        subscriptionGroup = try container.decodeIfPresent(String.self, forKey: .subscriptionGroup)
        groupLevel = try container.decodeIfPresent(Int.self, forKey: .groupLevel)
        period = try container.decodeIfPresent(SimulatorPeriod.self, forKey: .period)
        trialPeriod = try container.decodeIfPresent(SimulatorPeriod.self, forKey: .trialPeriod)
        introOffer = try container.decodeIfPresent(SimulatorIntroOffer.self, forKey: .introOffer)
        familyShareable = try container.decodeIfPresent(Bool.self, forKey: .familyShareable) ?? false
        let price = try container.decodeIfPresent(Double.self, forKey: .price) ?? 9.99
        guard price.isFinite, price >= 0, price <= 1_000_000 else {
            throw DecodingError.dataCorruptedError(
                forKey: .price, in: container, debugDescription: "price must be an amount from 0 to 1000000")
        }
        priceMilliunits = Int64((price * 1000).rounded())
        promotionalOffers = try container.decodeIfPresent([SimulatorPromotionalOffer].self, forKey: .promotionalOffers) ?? []
    }

    /// The group a subscription belongs to; products without one form a group of their own.
    var group: String { subscriptionGroup ?? "product:\(id)" }

    /// The promotional offer with this identifier.
    public func promotionalOffer(_ id: String) -> SimulatorPromotionalOffer? { promotionalOffers.first { $0.id == id } }
}
