/// A change Square will make to a subscription on a date (`CANCEL`, `PAUSE`, `RESUME`, `SWAP_PLAN` …), as
/// `GET /v2/subscriptions/{id}?include=actions` lists it.
public struct SquareSubscriptionAction: Sendable, Hashable, Codable {
    public var id: String?
    public var type: String?
    /// `YYYY-MM-DD`, in the subscription's time zone.
    public var effectiveDate: String?

    public init(id: String?, type: String?, effectiveDate: String?) {
        self.id = id
        self.type = type
        self.effectiveDate = effectiveDate
    }

    enum CodingKeys: String, CodingKey {
        case id, type, effectiveDate = "effective_date"
    }
}
