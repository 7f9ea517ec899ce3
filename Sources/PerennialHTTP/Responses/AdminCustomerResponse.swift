import Hummingbird
import PerennialServices

/// A customer as the admin API shows it: what the app sees (`CustomerResponse`'s fields), plus the aliases
/// that resolve to it and its attributes (personal data, for the team only).
struct AdminCustomerResponse: ResponseEncodable {
    var customer: CustomerResponse
    var aliases: [String]
    var attributes: [String: String]

    enum CodingKeys: String, CodingKey {
        case aliases, attributes
    }

    func encode(to encoder: any Encoder) throws {
        try customer.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(aliases, forKey: .aliases)
        try container.encode(attributes, forKey: .attributes)
    }
}
