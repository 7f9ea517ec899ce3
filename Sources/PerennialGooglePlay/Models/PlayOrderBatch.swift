/// `orders.batchGet`'s answer: `{"orders": […]}`.
struct PlayOrderBatch: Sendable, Hashable, Decodable {
    var orders: [PlayOrder]

    enum CodingKeys: String, CodingKey { case orders }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        orders = try container.decodeIfPresent([PlayOrder].self, forKey: .orders) ?? []
    }
}
