/// One page of a Stripe list (`{"object": "list", "data": […], "has_more": …}`).
public struct StripeList<Item: Decodable & Sendable & Hashable>: Decodable, Sendable, Hashable {
    public var data: [Item]
    /// Whether more items follow this page (`starting_after` the last one's id).
    public var hasMore: Bool

    public init(data: [Item], hasMore: Bool) {
        self.data = data
        self.hasMore = hasMore
    }

    enum CodingKeys: String, CodingKey {
        case data, hasMore = "has_more"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        data = try container.decodeIfPresent([Item].self, forKey: .data) ?? []
        hasMore = try container.decodeIfPresent(Bool.self, forKey: .hasMore) ?? false
    }
}
