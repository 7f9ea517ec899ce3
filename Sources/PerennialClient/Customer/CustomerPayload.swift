import Foundation

/// The customer exactly as the server's `GET /v1/customers/{id}` answers it.
struct CustomerPayload: Sendable, Hashable, Codable {
    var appUserID: String
    var entitlements: [EntitlementInfo]
    var subscriptions: [SubscriptionInfo]
    var firstSeenAt: Date?
    var requestDate: Date

    enum CodingKeys: String, CodingKey {
        case entitlements, subscriptions
        case appUserID = "app_user_id"
        case firstSeenAt = "first_seen_at"
        case requestDate = "request_date"
    }

    /// The customer the server has never seen: nothing bought yet.
    static func empty(appUserID: String, at date: Date) -> CustomerPayload {
        CustomerPayload(appUserID: appUserID, entitlements: [], subscriptions: [], firstSeenAt: nil, requestDate: date)
    }

    /// The same customer, ignoring when the server answered.
    func sameContent(as other: CustomerPayload) -> Bool {
        appUserID == other.appUserID && entitlements == other.entitlements && subscriptions == other.subscriptions
    }
}
