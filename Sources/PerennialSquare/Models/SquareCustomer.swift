/// A Square customer (`GET /v2/customers/{id}`): its `reference_id`, the merchant's own id for it, is where
/// Perennial's app user id goes.
public struct SquareCustomer: Sendable, Hashable, Codable {
    public var id: String
    public var referenceID: String?

    public init(id: String, referenceID: String?) {
        self.id = id
        self.referenceID = referenceID
    }

    enum CodingKeys: String, CodingKey {
        case id, referenceID = "reference_id"
    }
}
