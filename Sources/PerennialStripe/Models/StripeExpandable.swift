/// A field Stripe sends as an object's id, or as the object itself when the request expanded it
/// (`expand[]=latest_invoice`).
public enum StripeExpandable<Object: Decodable & Sendable & Hashable & Identifiable>: Decodable, Sendable, Hashable
where Object.ID == String {
    case id(String)
    case object(Object)

    /// The object's id, either way.
    public var id: String {
        switch self {
        case .id(let id): id
        case .object(let object): object.id
        }
    }

    /// The object, when it was expanded.
    public var object: Object? {
        if case .object(let object) = self { return object }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .id(id)
        } else {
            self = .object(try container.decode(Object.self))
        }
    }
}
