/// The id of an object Stripe names in a field that may hold either the id or the expanded object, when
/// only the id matters.
public struct StripeObjectReference: Decodable, Sendable, Hashable, Identifiable {
    public var id: String

    public init(id: String) {
        self.id = id
    }

    private struct Expanded: Decodable {
        var id: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self.id = id
        } else {
            id = try container.decode(Expanded.self).id
        }
    }
}
