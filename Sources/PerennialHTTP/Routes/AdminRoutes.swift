import Hummingbird
import PerennialServices

/// The team's endpoints, under `/v1/admin`, for the app's secret key only:
/// - `GET customers/{app_user_id}`: the customer (through an alias too) with its aliases and attributes;
/// - `GET customers/{app_user_id}/events`: its history;
/// - `GET customers/{app_user_id}/revenue`: its sales and refunds with the stores' commissions (`RevenueResponse`);
/// - `DELETE customers/{app_user_id}`: erases what identifies the customer (attributes, tokens, aliases,
///   the id itself, also in the audit log); purchases and history stay under a pseudonym, so the numbers do
///   not change. 200 `{"erased": true, "pseudonym": "$erased:…"}`.
struct AdminRoutes {
    let customers: CustomerService
    let identity: IdentityService
    let revenue: RevenueService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("customers/{app_user_id}") { _, context -> AdminCustomerResponse in
            let app = try context.requireSecretKey()
            let appUserID = try context.appUserIDParameter()
            guard let profile = try await identity.profile(app: app, appUserID: appUserID),
                  let view = try await customers.customer(app: app, appUserID: profile.appUserID)
            else {
                throw PerennialError(.customerNotFound, "no customer with this app_user_id")
            }
            return AdminCustomerResponse(
                customer: CustomerResponse(view), aliases: profile.aliases, attributes: profile.attributes.values)
        }
        group.delete("customers/{app_user_id}") { _, context -> ErasureResponse in
            let app = try context.requireSecretKey()
            guard let pseudonym = try await identity.erase(app: app, appUserID: try context.appUserIDParameter()) else {
                throw PerennialError(.customerNotFound, "no customer with this app_user_id")
            }
            return ErasureResponse(erased: true, pseudonym: pseudonym)
        }
        group.get("customers/{app_user_id}/revenue") { _, context -> RevenueResponse in
            let app = try context.requireSecretKey()
            guard let report = try await revenue.revenue(app: app, appUserID: try context.appUserIDParameter()) else {
                throw PerennialError(.customerNotFound, "no customer with this app_user_id")
            }
            return RevenueResponse(report)
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
