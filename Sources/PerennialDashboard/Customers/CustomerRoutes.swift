import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The customer pages (support and up): `GET /dashboard/apps/{app_id}/customers?q=` searches,
/// `GET …/customers/{app_user_id}` shows one, and `POST …/customers/{app_user_id}/grant-offer` grants an
/// offer — first a page saying what it will do, then, confirmed, the grant, recorded under the person's name.
struct CustomerRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let services: DashboardRouteModule.Services

    struct SearchPage: Sendable {
        struct Row: Sendable {
            var appUserID: String
            var href: String
            var how: String
        }

        var chrome: Chrome
        var appID: String
        var query: String
        var searched: Bool
        var rows: [Row]
        var hasRows: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/customers") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
            let query = request.uri.queryParameters.get("q").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            let matches = query.isEmpty ? [] : try await CustomerSearch.find(query, app: app, ledger: services.ledger, identity: services.identity)
            let rows = matches.map { SearchPage.Row(appUserID: $0.appUserID, href: DashboardPaths.customer(app.id, $0.appUserID), how: $0.how) }
            var chrome = chrome("Customers", signedIn, app)
            if let pseudonym = request.uri.queryParameters.get("erased") {
                chrome.status = "The customer was erased; their purchases now count under \(pseudonym)."
            }
            return DashboardPage.render("customers", SearchPage(
                chrome: chrome, appID: app.id, query: query, searched: !query.isEmpty, rows: rows, hasRows: !rows.isEmpty))
        }
        group.get("apps/{app_id}/customers/{app_user_id}") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
            let appUserID = try AppUserIDRule.validated(try context.parameters.require("app_user_id"))
            var page = try await customerPage(app: app, appUserID: appUserID, signedIn: signedIn)
            switch request.uri.queryParameters.get("done") {
            case "offer-granted": page.chrome.status = "The offer was granted; the customer's app can now redeem it."
            case "refresh": page.chrome.status = "The stores are being asked again; reload in a few seconds to see what they said."
            default: break
            }
            return DashboardPage.render("customer", page)
        }
        group.post("apps/{app_id}/customers/{app_user_id}/grant-offer") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
            let form = try await gate.form(request, of: signedIn)
            let appUserID = try AppUserIDRule.validated(try context.parameters.require("app_user_id"))
            let parts = (form.text("offer_id") ?? "").split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, app.catalog.product(parts[0])?.offers.contains(where: { $0.id == parts[1] }) == true else {
                throw PerennialError(.offerNotFound, "choose one of the app's offers")
            }
            let reason = form.text("reason") ?? "granted by \(signedIn.user.name) in the dashboard"
            guard let days = Int(form.text("days") ?? "30"), (1...366).contains(days) else {
                throw PerennialError(.invalidExpiry, "a grant lasts 1 to 366 days")
            }
            let customerPath = DashboardPaths.customer(app.id, appUserID)
            guard form["confirmed"] == "yes" else {
                return ConfirmPage.response(
                    chrome: chrome("Grant an offer", signedIn, app), csrf: signedIn.csrfToken, heading: "Grant \(parts[1]) to \(appUserID)?",
                    summary: "The customer becomes eligible for the offer \(parts[1]) on \(parts[0]) for \(days) days, for this reason: \(reason). "
                        + "Their app may then show it and the store redeems it at their next purchase. The grant is recorded under your name.",
                    action: customerPath + "/grant-offer",
                    fields: [.init(name: "offer_id", value: parts.joined(separator: " ")), .init(name: "reason", value: reason),
                             .init(name: "days", value: String(days))],
                    button: "Grant the offer", cancel: customerPath, formID: "confirm-grant")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                _ = try await services.offers.grant(
                    app: app, appUserID: appUserID, productID: parts[0], offerID: parts[1], reason: String(reason.prefix(500)), days: days)
                return DashboardPage.redirect(customerPath + "?done=offer-granted")
            }
        }
    }

    private func customerPage(app: AppSettings, appUserID: String, signedIn: SignedIn) async throws -> CustomerPage {
        let builder = CustomerPageBuilder(customers: services.customers, ledger: services.ledger, supportActions: services.supportActions)
        guard let page = try await builder.page(
            app: app, appUserID: appUserID, signedIn: signedIn, chrome: chrome("Customer \(appUserID)", signedIn, app))
        else { throw PerennialError(.customerNotFound, "Perennial has never seen a customer \(appUserID) in \(app.id)") }
        return page
    }

    private func chrome(_ title: String, _ signedIn: SignedIn, _ app: AppSettings) -> Chrome {
        Chrome(title: title, signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .customers)
    }
}
