import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/audit?before=` (admin): the app's audit log, newest first, 100 entries a
/// page — changes made with its API keys and by people in the dashboard; an owner also sees the
/// deployment's own changes (people).
struct AuditRoutes: Sendable {
    static let pageSize = 100

    let gate: DashboardGate
    let log: any AuditLog

    struct Page: Sendable {
        struct Row: Sendable {
            var at: TimeText
            var who: String
            var method: String
            var path: String
            var status: String
        }

        var chrome: Chrome
        var appID: String
        var rows: [Row]
        var hasRows: Bool
        var next: String?
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/audit") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let before = try request.uri.queryParameters.get("before").map { text -> Int64 in
                guard let id = Int64(text), id > 0 else { throw PerennialError(.invalidCursor, "before must be an entry's number") }
                return id
            }
            let scopes = signedIn.user.role.allows(.owner) ? [app.id, DashboardAudit.deploymentScope] : [app.id]
            let entries = try await log.entries(appIDs: scopes, before: before, limit: Self.pageSize)
            let rows = entries.map { entry in
                Page.Row(
                    at: TimeText(entry.occurredAt), who: entry.actor ?? "\(entry.keyRole) key \(entry.keyFingerprint)",
                    method: entry.method, path: entry.path, status: entry.status.map(String.init) ?? "unfinished")
            }
            let next = entries.count == Self.pageSize ? entries.last?.id.map { "\(DashboardPaths.app(app.id, .audit))?before=\($0)" } : nil
            return DashboardPage.render("audit", Page(
                chrome: Chrome(title: "Audit log of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .audit),
                appID: app.id, rows: rows, hasRows: !rows.isEmpty, next: next))
        }
    }
}
