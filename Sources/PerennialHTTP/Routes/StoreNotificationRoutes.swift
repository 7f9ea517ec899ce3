import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// `POST /v1/<store>/notifications/{app_id}`, one per store adapter (`StoreAdapter.notificationPath`, Stripe's `stripe/webhooks`:
/// `/v1/apple/notifications/{app_id}` is the URL an app registers in App Store Connect). The store
/// authenticates itself by what it sends (a signature, a shared secret, Google's OIDC token), not by an API
/// key. 200 means the
/// notification is stored durably and processed, or — when it could not be processed now — stored durably
/// with a job queued to process it (`"status": "queued"`).
struct StoreNotificationRoutes {
    /// Notifications are a few kilobytes; anything far larger is not one.
    static let maximumBodySize = 512 * 1024

    let notifications: StoreNotificationService
    let apps: AppDirectory

    /// The path of a store's notification endpoint up to the app id (the rate limiter and the API keys
    /// recognize the route it names, `StoreNotificationPaths`).
    static func pathPrefix(of adapter: any StoreAdapter) -> String {
        "/v1/\(adapter.notificationPath)/"
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        for adapter in notifications.adapters.all {
            let store = adapter.store
            group.post("\(adapter.notificationPath)/{app_id}") { request, context -> Response in
                let appID = try context.parameters.require("app_id")
                guard let app = apps.app(id: appID) else {
                    throw PerennialError(.appNotFound, "no app with this id")
                }
                let body = try await request.body.collect(upTo: Self.maximumBodySize)
                var headers: [String: String] = [:]
                for field in request.headers {
                    let name = field.name.canonicalName
                    headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
                }
                let acknowledgement = try await notifications.receive(
                    app: app, store: store, request: NotificationRequest(headers: headers, body: Data(buffer: body)),
                    storingRefusal: context.storesRefusedNotification
                )
                return try NotificationResponse(acknowledgement).response(from: request, context: context)
            }
        }
    }
}
