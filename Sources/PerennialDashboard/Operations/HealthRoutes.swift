import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/health` (admin): what the server's checks of the app and its stores found
/// (the doctor's findings, checked hourly, and what the stores revealed), each with its fix.
struct HealthRoutes: Sendable {
    let gate: DashboardGate
    let health: AppHealth

    struct Page: Sendable {
        struct Row: Sendable {
            var code: String
            var store: String
            var message: String
            var fix: String?
            var seen: TimeText
        }

        var chrome: Chrome
        var appID: String
        var rows: [Row]
        var hasRows: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/health") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let rows = (await health.current()[app.id] ?? []).map {
                Page.Row(code: $0.code, store: $0.store?.rawValue ?? "app", message: $0.message, fix: $0.fix, seen: TimeText($0.lastSeenAt))
            }
            return DashboardPage.render("health", Page(
                chrome: Chrome(title: "Health of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .health),
                appID: app.id, rows: rows, hasRows: !rows.isEmpty))
        }
    }
}
