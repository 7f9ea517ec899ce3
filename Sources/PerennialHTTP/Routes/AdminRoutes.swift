import Hummingbird
import PerennialServices

/// The team's endpoints, under `/v1/admin`, for the app's secret key only.
struct AdminRoutes {
    let customers: CustomerService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}") { _, context -> CustomerResponse in
            try await CustomerRoutes(customers: customers).customer(app: context.requireSecretKey(), context: context)
        }
        group.get("customers/{app_user_id}/events") { request, context -> EventListResponse in
            let app = try context.requireSecretKey()
            let appUserID = try context.appUserIDParameter()
            let limit = request.limit(default: 500, maximum: 5000)
            guard let events = try await customers.events(app: app, appUserID: appUserID, limit: limit) else {
                throw PerennialError(.customerNotFound, "no customer with this app_user_id")
            }
            return EventListResponse(appUserID: appUserID, events: events.map(EventResponse.init))
        }
    }
}
