import Hummingbird

/// The answer to a posted receipt: validated, or pending while the App Store is unreachable.
struct ReceiptResponse: ResponseEncodable {
    /// `validated` or `pending`.
    var status: String
    /// The customer as now known (for `pending`, as known before; null for a new customer).
    var customer: CustomerResponse?

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(customer, forKey: .customer)
    }

    enum CodingKeys: String, CodingKey { case status, customer }
}
