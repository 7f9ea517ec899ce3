/// A customer (`GET /v1/customers/{id}`); a deleted one answers with `deleted: true`.
public struct StripeCustomer: Decodable, Sendable, Hashable, Identifiable {
    public var id: String
    public var metadata: [String: String]?
    public var deleted: Bool?
    public var livemode: Bool?

    public init(id: String, metadata: [String: String]?) {
        self.id = id
        self.metadata = metadata
    }

    /// The app user id written in the customer's metadata (`app_user_id`).
    public var appUserID: String? { metadata?[StripeMetadataKey.appUserID] }
}
