/// The answer of `GET /v1/billing/subscriptions/{id}/transactions`.
public struct PayPalTransactionList: Sendable, Hashable, Codable {
    public var transactions: [PayPalTransaction]

    public init(transactions: [PayPalTransaction]) {
        self.transactions = transactions
    }

    enum CodingKeys: String, CodingKey {
        case transactions
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        transactions = try container.decodeIfPresent([PayPalTransaction].self, forKey: .transactions) ?? []
    }
}
