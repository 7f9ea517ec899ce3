import Hummingbird
import PerennialServices

/// `GET /v1/admin/notifications`: the store notifications received for the app, newest first, with what
/// became of each (processed, rejected and why) — for inspecting refused ones. Bodies stay sealed.
struct AdminNotificationRoutes {
    let notificationInbox: any NotificationInbox

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("notifications") { request, context -> NotificationListResponse in
            let app = try context.requireSecretKey()
            let limit = request.limit()
            let notifications = try await notificationInbox.notifications(appID: app.id, limit: limit)
            return NotificationListResponse(notifications: notifications.map(NotificationListResponse.Item.init))
        }
    }
}

/// The body of `GET /v1/admin/notifications`.
struct NotificationListResponse: ResponseEncodable {
    struct Item: Encodable {
        var id: String
        var store: String
        var version: Int
        var receivedAt: String
        var status: String
        var notificationUUID: String?
        var notificationType: String?
        var subtype: String?
        var errorCode: String?
        var bodyBytes: Int?

        init(_ notification: InboundNotification) {
            id = notification.notificationID
            store = notification.store.rawValue
            version = notification.version
            receivedAt = notification.receivedAt.iso8601
            status = notification.status.rawValue
            notificationUUID = notification.outcome?.notificationUUID
            notificationType = notification.outcome?.notificationType
            subtype = notification.outcome?.subtype
            errorCode = notification.outcome?.errorCode
            bodyBytes = notification.bodyBytes
        }

        enum CodingKeys: String, CodingKey {
            case id, store, version, status, subtype
            case receivedAt = "received_at", notificationUUID = "notification_uuid", notificationType = "notification_type"
            case errorCode = "error_code", bodyBytes = "body_bytes"
        }
    }

    var notifications: [Item]
}
