import Hummingbird
import PerennialServices

/// A customer as the API shows it: active entitlements first, then every purchase with its state.
struct CustomerResponse: ResponseEncodable {
    var appUserID: String
    var firstSeenAt: String
    var requestDate: String
    var entitlements: [EntitlementResponse]
    var subscriptions: [SubscriptionResponse]

    init(_ view: CustomerView) {
        appUserID = view.appUserID
        firstSeenAt = view.firstSeenAt.iso8601
        requestDate = view.requestedAt.iso8601
        entitlements = view.entitlements.map(EntitlementResponse.init)
        subscriptions = view.subscriptions.map { SubscriptionResponse($0, managementURL: view.managementURLs[$0.key]) }
    }

    enum CodingKeys: String, CodingKey {
        case entitlements, subscriptions
        case appUserID = "app_user_id", firstSeenAt = "first_seen_at", requestDate = "request_date"
    }
}
