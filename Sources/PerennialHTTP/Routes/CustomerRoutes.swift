import Hummingbird
import PerennialCore
import PerennialServices

/// `GET /v1/customers/{app_user_id}`: the customer's active entitlements and purchases. With the public key,
/// an app reads the customer it names; it cannot list customers.
struct CustomerRoutes {
    let customers: CustomerService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}") { request, context -> Response in
            try await customer(app: context.requireApp(), request: request, context: context)
        }
    }

    /// The customer the path names, or 404. The answer is rendered once per cached customer: a read from
    /// memory writes the date and copies bytes.
    func customer(app: AppSettings, request: Request, context: PerennialRequestContext) async throws -> Response {
        let appUserID = try context.appUserIDParameter()
        guard let answer = try await customers.customer(app: app, appUserID: appUserID, rendering: { view in
            RenderedCustomer(CustomerResponse(view))
        }) else {
            throw PerennialError(.customerNotFound, "no customer with this app_user_id")
        }
        return answer.rendering.response(requestDate: answer.at.iso8601, to: request)
    }
}
