import Foundation
import Hummingbird
import PerennialHTTP
import PerennialServices

/// `POST /v1/apple/notifications/{app_id}`: the URL an app registers in App Store Connect for server
/// notifications (version 1 or 2). The store authenticates itself by what it sends (a signature, or the
/// shared secret), not by an API key. 200 means the notification is stored durably and processed, or — when
/// it could not be processed now — stored durably with a job queued to process it (`"status": "queued"`).
struct AppleNotificationRoutes {
    /// Notifications are a few kilobytes; anything far larger is not one.
    static let maximumBodySize = 512 * 1024

    let dependencies: HTTPDependencies

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("apple/notifications/{app_id}") { request, context -> Response in
            let appID = try context.parameters.require("app_id")
            guard let app = dependencies.apps.app(id: appID) else {
                throw PerennialError(.appNotFound, "no app with this id")
            }
            let body = try await request.body.collect(upTo: Self.maximumBodySize)
            let acknowledgement = try await dependencies.notifications.receive(app: app, body: Data(buffer: body))
            return try NotificationResponse(acknowledgement).response(from: request, context: context)
        }
    }
}

/// The body Perennial answers a store notification with (the store only reads the status).
struct NotificationResponse: ResponseEncodable {
    var status: String
    var isRepeat: Bool
    var notificationType: String?
    var subtype: String?

    init(_ acknowledgement: NotificationAcknowledgement) {
        status = acknowledgement.isQueued ? "queued" : "received"
        isRepeat = acknowledgement.isRepeat
        notificationType = acknowledgement.notificationType
        subtype = acknowledgement.subtype
    }

    enum CodingKeys: String, CodingKey {
        case status, subtype
        case isRepeat = "repeat", notificationType = "notification_type"
    }
}
