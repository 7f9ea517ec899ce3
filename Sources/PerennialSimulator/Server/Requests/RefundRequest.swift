/// `POST /simulator/subscriptions/:id/refund`.
struct RefundRequest: Decodable {
    /// Default: the subscription's latest transaction.
    var transactionID: String?
    /// `cancellation_reason`: "0" (default) or "1".
    var reason: String?

    enum CodingKeys: String, CodingKey {
        case reason
        case transactionID = "transaction_id"
    }
}
