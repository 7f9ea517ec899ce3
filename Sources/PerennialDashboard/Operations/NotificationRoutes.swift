import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/notifications?after=` (admin): the store notifications received for the app,
/// newest first, 100 a page by cursor, with what became of each — processed, queued, or rejected and why
/// ("rejected here": on this page). Bodies stay sealed.
struct NotificationRoutes: Sendable {
    let gate: DashboardGate
    let inbox: any NotificationInbox

    struct Page: Sendable {
        struct Row: Sendable {
            var received: TimeText
            var store: String
            var type: String
            var status: String
            var tone: String
            var reason: String
            var bytes: String
        }

        var chrome: Chrome
        var appID: String
        var rows: [Row]
        var hasRows: Bool
        var rejected: Int
        var pageSize: Int
        var next: String?
    }

    static let pageSize = 100

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/notifications") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let cursor = try PageCursor(text: request.uri.queryParameters.get("after").map { String($0) })
            let notifications = try await inbox.notifications(appID: app.id, after: cursor, limit: Self.pageSize)
            let next = notifications.count == Self.pageSize ? notifications.last.map {
                "\(DashboardPaths.app(app.id, .notifications))?after=\(DashboardPaths.query(PageCursor(instant: $0.receivedAt, id: $0.notificationID).text))"
            } : nil
            let rows = notifications.map { notification in
                let type = [notification.outcome?.notificationType, notification.outcome?.subtype].compactMap { $0 }.joined(separator: " · ")
                return Page.Row(
                    received: TimeText(notification.receivedAt), store: "\(notification.store.rawValue) v\(notification.version)",
                    type: type.isEmpty ? "—" : type, status: notification.status.rawValue,
                    tone: notification.status.rawValue == "rejected" ? "bad" : notification.status.rawValue == "processed" ? "good" : "",
                    reason: notification.outcome?.errorCode ?? "", bytes: notification.bodyBytes.map { CountText.count(Int64($0)) } ?? "—")
            }
            return DashboardPage.render("notifications", Page(
                chrome: Chrome(
                    title: "Notifications of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .notifications),
                appID: app.id, rows: rows, hasRows: !rows.isEmpty, rejected: rows.filter { $0.status == "rejected" }.count,
                pageSize: Self.pageSize, next: next))
        }
    }
}
