import Hummingbird
import PerennialServices

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

extension ReceiptResponse {
    /// 202 `{"status": "pending", "customer": …}`: the purchase is queued and completes without the app
    /// retrying (receipts and signed transactions alike).
    static func pending(_ view: CustomerView?, request: Request, context: some RequestContext) throws -> Response {
        var response = try ReceiptResponse(status: "pending", customer: view.map(CustomerResponse.init))
            .response(from: request, context: context)
        response.status = .accepted
        return response
    }
}
