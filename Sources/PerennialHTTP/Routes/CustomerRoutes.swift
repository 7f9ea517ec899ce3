import Hummingbird
import PerennialServices

/// `GET /v1/customers/{app_user_id}`: the customer's active entitlements and purchases. With the public key,
/// an app reads the customer it names; it cannot list customers.
struct CustomerRoutes {
    let customers: CustomerService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}") { _, context -> CustomerResponse in
            try await customer(app: context.requireApp(), context: context)
        }
    }

    /// The customer the path names, or 404.
    func customer(app: AppSettings, context: PerennialRequestContext) async throws -> CustomerResponse {
        let appUserID = try context.appUserIDParameter()
        guard let view = try await customers.customer(app: app, appUserID: appUserID) else {
            throw PerennialError(.customerNotFound, "no customer with this app_user_id")
        }
        return CustomerResponse(view)
    }
}
