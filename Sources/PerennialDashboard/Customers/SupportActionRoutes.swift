import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// A store's support action on one of a customer's subscriptions (support): `GET
/// …/customers/{app_user_id}/subscriptions/{store}/{subscription_id}/actions/{action_id}` says what it does
/// and asks for its fields; `POST` to the same path runs it — recorded in the audit log first — and shows
/// what the store answered. Offered only where the action applies to the subscription as it stands.
struct SupportActionRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let services: DashboardRouteModule.Services

    struct Page: Sendable {
        struct Field: Sendable {
            struct Choice: Sendable {
                var value: String
                var label: String
                var selected: Bool
            }

            var name: String
            var label: String
            var isNumber: Bool
            var minimum: Int
            var maximum: Int
            var value: String
            var choices: [Choice]
        }

        var chrome: Chrome
        var title: String
        var summary: String
        var appUserID: String
        var subscription: String
        var productID: String
        var fields: [Field]
        var action: String
        var back: String
        var csrf: String
        var done: String?
        var error: String?
    }

    static func path(_ appID: String, _ appUserID: String, _ subscription: SubscriptionKey, _ actionID: String) -> String {
        DashboardPaths.customer(appID, appUserID) + "/subscriptions/\(DashboardPaths.segment(subscription.store.rawValue))/"
            + "\(DashboardPaths.segment(subscription.id))/actions/\(DashboardPaths.segment(actionID))"
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        let route = "apps/{app_id}/customers/{app_user_id}/subscriptions/{store}/{subscription_id}/actions/{action_id}"
        group.get(RouterPath(route)) { request, context -> Response in
            let target = try await target(request, context)
            return DashboardPage.render("support-action", page(target, values: [:]))
        }
        group.post(RouterPath(route)) { request, context -> Response in
            let target = try await target(request, context)
            let form = try await gate.form(request, of: target.signedIn)
            let values = Dictionary(uniqueKeysWithValues: target.action.fields.map { ($0.name, form[$0.name] ?? "") })
            let checked: [String: String]
            do {
                checked = Dictionary(uniqueKeysWithValues: try target.action.fields.map { ($0.name, try $0.value(in: values)) })
            } catch let error as PerennialError where error.errorCode == .invalidSupportAction {
                var page = page(target, values: values)
                page.error = error.message
                return DashboardPage.render("support-action", page, status: .badRequest)
            }
            return try await audit.change(by: target.signedIn, appID: target.app.id, request) {
                var page = page(target, values: values)
                page.done = try await target.action.perform(app: target.app, subscription: target.state.key, values: checked)
                return DashboardPage.render("support-action", page)
            }
        }
    }

    struct Target {
        var signedIn: SignedIn
        var app: AppSettings
        var owner: String
        var state: SubscriptionState
        var action: any SupportAction
    }

    /// The person, app, customer, subscription and action a path names: 404 for a subscription that is
    /// not the customer's or an action its store does not have, 400 for one that does not apply to it now.
    private func target(_ request: Request, _ context: PerennialRequestContext) async throws -> Target {
        let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
        let appUserID = try AppUserIDRule.validated(try context.parameters.require("app_user_id"))
        guard let view = try await services.customers.customer(app: app, appUserID: appUserID) else {
            throw PerennialError(.customerNotFound, "Perennial has never seen a customer \(appUserID) in \(app.id)")
        }
        let store = try context.parameters.require("store"), id = try context.parameters.require("subscription_id")
        let actionID = try context.parameters.require("action_id")
        guard let state = view.subscriptions.first(where: { $0.key.store.rawValue == store && $0.key.id == id }),
              let action = services.supportActions.first(where: { $0.store == state.key.store && $0.id == actionID })
        else { throw PerennialError(.notFound, "the customer has no such subscription, or its store no such action") }
        guard action.applies(to: state) else {
            throw PerennialError(.invalidSupportAction, "\(action.title.lowercased()) does not apply to this subscription as it stands (\(state.status.rawValue))")
        }
        return Target(signedIn: signedIn, app: app, owner: view.appUserID, state: state, action: action)
    }

    private func page(_ target: Target, values: [String: String]) -> Page {
        let back = DashboardPaths.customer(target.app.id, target.owner)
        return Page(
            chrome: Chrome(
                title: target.action.title, signedIn: target.signedIn, apps: gate.visibleApps(target.signedIn), app: target.app.id,
                section: .customers),
            title: target.action.title, summary: target.action.summary, appUserID: target.owner, subscription: target.state.key.description,
            productID: target.state.productID,
            fields: target.action.fields.map { field in
                switch field.kind {
                case .number(let range):
                    return .init(name: field.name, label: field.label, isNumber: true, minimum: range.lowerBound, maximum: range.upperBound,
                                 value: values[field.name] ?? "", choices: [])
                case .choice(let choices):
                    return .init(name: field.name, label: field.label, isNumber: false, minimum: 0, maximum: 0, value: "",
                                 choices: choices.map { .init(value: $0.value, label: $0.label, selected: $0.value == values[field.name]) })
                }
            },
            action: Self.path(target.app.id, target.owner, target.state.key, target.action.id), back: back,
            csrf: target.signedIn.csrfToken)
    }
}
