import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// The app's webhook endpoints (admin): `GET /dashboard/apps/{app_id}/webhooks` lists them;
/// `GET …/webhooks/{id}?state=&before=` shows one with its deliveries, 50 a page by cursor; `POST
/// …/deliveries/{delivery_id}/retry` and `…/dead-letters/retry` put dead letters back in line; `POST
/// …/replay` sends again what the endpoint was sent over a range of days, after a confirmation.
struct WebhookRoutes: Sendable {
    static let pageSize = 50

    let gate: DashboardGate
    let audit: DashboardAudit
    let webhooks: WebhookService
    let clock: any Clock

    struct ListPage: Sendable {
        struct Row: Sendable {
            var url: String
            var href: String
            var kinds: String
            var enabled: String
            var source: String
        }

        var chrome: Chrome
        var appID: String
        var rows: [Row]
        var hasRows: Bool
    }

    struct EndpointPage: Sendable {
        struct Row: Sendable {
            var id: Int64
            var kind: String
            var customer: String
            var state: String
            var tone: String
            var attempts: Int
            var lastStatus: String
            var lastError: String
            var occurred: TimeText
            var retryAction: String?
        }

        struct Filter: Sendable {
            var label: String
            var href: String
            var current: String?
        }

        var chrome: Chrome
        var appID: String
        var url: String
        var base: String
        var filters: [Filter]
        var rows: [Row]
        var hasRows: Bool
        var next: String?
        var csrf: String
        var from: String
        var to: String
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/webhooks") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let rows = try await webhooks.endpoints(app: app).map { view in
                ListPage.Row(
                    url: view.record.url, href: "\(DashboardPaths.app(app.id, .webhooks))/\(DashboardPaths.segment(view.record.id))",
                    kinds: view.record.kinds.isEmpty ? "every event" : view.record.kinds.joined(separator: ", "),
                    enabled: view.record.isEnabled ? "enabled" : "disabled", source: view.record.source)
            }
            return DashboardPage.render("webhooks", ListPage(
                chrome: chrome("Webhooks of \(app.id)", signedIn, app), appID: app.id, rows: rows, hasRows: !rows.isEmpty))
        }
        group.get("apps/{app_id}/webhooks/{id}") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let id = try context.parameters.require("id")
            let endpoint = try await webhooks.endpoint(app: app, id: id)
            let query = request.uri.queryParameters
            let state = try query.get("state").flatMap { $0.isEmpty ? nil : $0 }.map { text -> WebhookDeliveryState in
                guard let state = WebhookDeliveryState(rawValue: String(text)) else {
                    throw PerennialError(.invalidState, "state must be pending, delivered or failed")
                }
                return state
            }
            let before = try query.get("before").map { text -> Int64 in
                guard let value = Int64(text), value > 0 else { throw PerennialError(.invalidCursor, "before must be a delivery's number") }
                return value
            }
            let deliveries = try await webhooks.deliveries(app: app, endpointID: id, state: state, before: before, limit: Self.pageSize)
            let base = "\(DashboardPaths.app(app.id, .webhooks))/\(DashboardPaths.segment(id))"
            let rows = deliveries.map { record in
                EndpointPage.Row(
                    id: record.id, kind: record.delivery.kind, customer: record.delivery.appUserID, state: record.state.rawValue,
                    tone: record.state == .failed ? "bad" : record.state == .delivered ? "good" : "", attempts: record.attempts,
                    lastStatus: record.lastStatus.map(String.init) ?? "—", lastError: record.lastError ?? "",
                    occurred: TimeText(record.delivery.occurredAt),
                    retryAction: record.state == .failed ? "\(base)/deliveries/\(record.id)/retry" : nil)
            }
            let stateQuery = state.map { "state=\($0.rawValue)&" } ?? ""
            var chrome = chrome("Webhook \(endpoint.record.url)", signedIn, app)
            if let done = query.get("done") {
                chrome.status = done == "replayed" ? "The deliveries were queued again, in their original order."
                    : "The failed deliveries are back in line, due now."
            }
            let today = CivilDate(utcDayOf: clock.now())
            return DashboardPage.render("webhook", EndpointPage(
                chrome: chrome, appID: app.id, url: endpoint.record.url, base: base,
                filters: [.init(label: "All", href: base, current: state == nil ? "page" : nil)] + WebhookDeliveryState.allCases.map {
                    .init(label: $0.rawValue.capitalized, href: "\(base)?state=\($0.rawValue)", current: $0 == state ? "page" : nil)
                },
                rows: rows, hasRows: !rows.isEmpty,
                next: rows.count == Self.pageSize ? rows.last.map { "\(base)?\(stateQuery)before=\($0.id)" } : nil,
                csrf: signedIn.csrfToken, from: today.adding(days: -1).description, to: today.description))
        }
        group.post("apps/{app_id}/webhooks/{id}/deliveries/{delivery_id}/retry") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            _ = try await gate.form(request, of: signedIn)
            let id = try context.parameters.require("id")
            guard let deliveryID = context.parameters.get("delivery_id", as: Int64.self) else {
                throw PerennialError(.webhookDeliveryNotFound, "the delivery id must be a number")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                _ = try await webhooks.retryDeadLetter(app: app, endpointID: id, deliveryID: deliveryID)
                return DashboardPage.redirect("\(DashboardPaths.app(app.id, .webhooks))/\(DashboardPaths.segment(id))?done=retried")
            }
        }
        group.post("apps/{app_id}/webhooks/{id}/dead-letters/retry") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            _ = try await gate.form(request, of: signedIn)
            let id = try context.parameters.require("id")
            return try await audit.change(by: signedIn, appID: app.id, request) {
                _ = try await webhooks.retryDeadLetters(app: app, endpointID: id)
                return DashboardPage.redirect("\(DashboardPaths.app(app.id, .webhooks))/\(DashboardPaths.segment(id))?done=retried")
            }
        }
        group.post("apps/{app_id}/webhooks/{id}/replay") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let form = try await gate.form(request, of: signedIn)
            let id = try context.parameters.require("id")
            let endpoint = try await webhooks.endpoint(app: app, id: id)
            guard let from = form.text("from").flatMap(CivilDate.init(iso:)), let to = form.text("to").flatMap(CivilDate.init(iso:)), from <= to else {
                throw PerennialError(.invalidDateRange, "give the days to replay as from and to dates, from first")
            }
            let base = "\(DashboardPaths.app(app.id, .webhooks))/\(DashboardPaths.segment(id))"
            guard form["confirmed"] == "yes" else {
                return ConfirmPage.response(
                    chrome: chrome("Replay webhooks", signedIn, app), csrf: signedIn.csrfToken, heading: "Send \(endpoint.record.url) its events again?",
                    summary: "Every event of \(from) to \(to) (UTC days) that this endpoint was sent goes again, in its original order, with "
                        + "its original id, so a receiver that deduplicates by id ignores what it already has. The replay is recorded under your name.",
                    action: base + "/replay", fields: [.init(name: "from", value: from.description), .init(name: "to", value: to.description)],
                    button: "Replay", cancel: base, formID: "confirm-replay")
            }
            return try await audit.change(by: signedIn, appID: app.id, request) {
                _ = try await webhooks.replay(
                    app: app, id: id, from: Self.start(of: from), to: Self.start(of: to.adding(days: 1)).adding(milliseconds: -1), kinds: nil)
                return DashboardPage.redirect(base + "?done=replayed")
            }
        }
    }

    /// The first instant of a UTC day.
    static func start(of day: CivilDate) -> Instant {
        Instant(milliseconds: Int64(day.daysSince1970) * 86_400_000)
    }

    private func chrome(_ title: String, _ signedIn: SignedIn, _ app: AppSettings) -> Chrome {
        Chrome(title: title, signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .webhooks)
    }
}
