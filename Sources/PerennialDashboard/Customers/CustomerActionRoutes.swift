import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The customer page's other actions, each after a page saying what it will do: `POST
/// …/customers/{app_user_id}/refresh` (support) asks every store again about each of the customer's
/// subscriptions (a status poll each, queued now); `POST …/customers/{app_user_id}/erase` (admin) erases the
/// customer (their attributes, tokens and aliases; their id replaced by a pseudonym everywhere).
struct CustomerActionRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let services: DashboardRouteModule.Services

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("apps/{app_id}/customers/{app_user_id}/refresh") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
            let form = try await gate.form(request, of: signedIn)
            let appUserID = try AppUserIDRule.validated(try context.parameters.require("app_user_id"))
            guard let view = try await services.customers.customer(app: app, appUserID: appUserID) else {
                throw PerennialError(.customerNotFound, "Perennial has never seen a customer \(appUserID) in \(app.id)")
            }
            let path = DashboardPaths.customer(app.id, view.appUserID)
            guard form["confirmed"] == "yes" else {
                return ConfirmPage.response(
                    chrome: chrome("Ask the stores again", signedIn, app), csrf: signedIn.csrfToken,
                    heading: "Ask the stores about \(view.appUserID) again?",
                    summary: "Each of the customer's \(view.subscriptions.count) subscriptions is read again from its store within seconds, "
                        + "and whatever the store says now is recorded (a refund or renewal Perennial missed, say). Nothing changes at the store.",
                    action: path + "/refresh", button: "Ask the stores", cancel: path, formID: "confirm-refresh")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                let now = services.clock.now()
                for state in view.subscriptions {
                    try await services.jobs.enqueue(try StoreStatusPollJob.job(appID: app.id, subscription: state.key, runAt: now))
                }
                return DashboardPage.redirect(path + "?done=refresh")
            }
        }
        group.post("apps/{app_id}/customers/{app_user_id}/erase") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let form = try await gate.form(request, of: signedIn)
            let appUserID = try AppUserIDRule.validated(try context.parameters.require("app_user_id"))
            let path = DashboardPaths.customer(app.id, appUserID)
            guard form["confirmed"] == "yes" else {
                return ConfirmPage.response(
                    chrome: chrome("Erase a customer", signedIn, app), csrf: signedIn.csrfToken, heading: "Erase \(appUserID)?",
                    summary: "The customer's attributes, store tokens and aliases are deleted and their id is replaced by a pseudonym in their "
                        + "events, subscriptions and the audit log. Their purchases still count in the numbers, under the pseudonym. This cannot be undone.",
                    action: path + "/erase", button: "Erase the customer", cancel: path, formID: "confirm-erase")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                guard let pseudonym = try await services.identity.erase(app: app, appUserID: appUserID) else {
                    throw PerennialError(.customerNotFound, "Perennial has never seen a customer \(appUserID) in \(app.id)")
                }
                return DashboardPage.redirect(DashboardPaths.app(app.id, .customers) + "?erased=" + DashboardPaths.query(pseudonym))
            }
        }
    }

    private func chrome(_ title: String, _ signedIn: SignedIn, _ app: AppSettings) -> Chrome {
        Chrome(title: title, signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .customers)
    }
}
