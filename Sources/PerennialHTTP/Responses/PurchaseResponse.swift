import Hummingbird
import PerennialServices

/// The answer to a purchase a store's route took (a receipt, a signed transaction, a purchase token):
/// validated, or pending while the store is unreachable.
public struct PurchaseResponse: ResponseEncodable {
    /// `validated` or `pending`.
    var status: String
    /// The customer as now known (for `pending`, as known before; null for a new customer).
    var customer: CustomerResponse?

    /// The answer to a submission: `validated` (200) or `pending` (202).
    public static func answer(_ submission: PurchaseSubmission, request: Request, context: some RequestContext) throws -> Response {
        switch submission {
        case .validated(let view): try validated(view, request: request, context: context)
        case .pending(let view): try pending(view, request: request, context: context)
        }
    }

    /// 200 `{"status": "validated", "customer": …}`.
    public static func validated(_ view: CustomerView, request: Request, context: some RequestContext) throws -> Response {
        try PurchaseResponse(status: "validated", customer: CustomerResponse(view)).response(from: request, context: context)
    }

    /// 202 `{"status": "pending", "customer": …}`: the purchase is queued and completes without the app
    /// retrying (receipts and signed transactions alike).
    public static func pending(_ view: CustomerView?, request: Request, context: some RequestContext) throws -> Response {
        var response = try PurchaseResponse(status: "pending", customer: view.map(CustomerResponse.init))
            .response(from: request, context: context)
        response.status = .accepted
        return response
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(status, forKey: .status)
        try container.encode(customer, forKey: .customer)
    }

    enum CodingKeys: String, CodingKey { case status, customer }
}
