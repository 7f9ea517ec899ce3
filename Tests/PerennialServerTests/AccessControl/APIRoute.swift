import Foundation
import HTTPTypes

/// One route of Perennial's HTTP API as the access-control and hostile-input tests exercise it: a concrete
/// request (a body of the right shape where the route takes one) and the weakest key it accepts.
struct APIRoute: Sendable, CustomStringConvertible {
    /// The weakest credential a route accepts.
    enum Access: Sendable {
        /// Nothing (`/health`).
        case none
        /// A store's notification endpoint: the store proves itself by what it sends, and an `Authorization`
        /// header there is the store's credential (Google's OIDC token), never read as an API key.
        case store
        /// The app's public key (the app itself), or its secret key.
        case publicKey
        /// Only the app's secret key.
        case secretKey
    }

    var method: HTTPRequest.Method
    var path: String
    var access: Access
    /// A JSON body of the shape the route reads, or nil.
    var body: String?

    var description: String { "\(method) \(path)" }

    /// Every route, naming customer `alice` where a route names a customer.
    static let all: [APIRoute] = [
        APIRoute(method: .get, path: "/health", access: .none),
        APIRoute(method: .post, path: "/v1/apple/notifications/forest", access: .store, body: #"{"signedPayload": "a.b.c"}"#),
        APIRoute(method: .post, path: "/v1/google/notifications/forest", access: .store, body: #"{"message": {"data": "e30=", "messageId": "1"}}"#),
        APIRoute(
            method: .post, path: "/v1/google/purchases", access: .publicKey,
            body: #"{"app_user_id": "alice", "purchase_token": "token", "product_id": "pro.monthly"}"#
        ),
        APIRoute(method: .post, path: "/v1/receipts", access: .publicKey, body: #"{"app_user_id": "alice", "receipt_data": "AAAA"}"#),
        APIRoute(method: .post, path: "/v1/transactions", access: .publicKey, body: #"{"app_user_id": "alice", "signed_transaction": "a.b.c"}"#),
        APIRoute(method: .get, path: "/v1/customers/alice", access: .publicKey),
        APIRoute(method: .get, path: "/v1/customers/alice/offers", access: .publicKey),
        APIRoute(method: .post, path: "/v1/customers/alice/engagement", access: .publicKey, body: #"{"sessions_last_30_days": 4}"#),
        APIRoute(
            method: .post, path: "/v1/offers/introductory-eligibility", access: .publicKey,
            body: #"{"app_user_id": "alice", "product_id": "pro.monthly"}"#
        ),
        APIRoute(
            method: .post, path: "/v1/offers/sign", access: .publicKey,
            body: #"{"app_user_id": "alice", "product_id": "pro.monthly", "offer_id": "retain50"}"#
        ),
        APIRoute(method: .get, path: "/v1/admin/customers/alice", access: .secretKey),
        APIRoute(method: .get, path: "/v1/admin/customers/alice/events", access: .secretKey),
        APIRoute(
            method: .post, path: "/v1/admin/customers/alice/offer-grants", access: .secretKey,
            body: #"{"product_id": "pro.monthly", "offer_id": "sorry", "reason": "outage", "expires_in_days": 7}"#
        ),
        APIRoute(method: .get, path: "/v1/admin/offers/eligible.csv", access: .secretKey),
        APIRoute(method: .get, path: "/v1/admin/notifications", access: .secretKey),
        APIRoute(method: .get, path: "/v1/admin/audit", access: .secretKey),
        APIRoute(method: .get, path: "/v1/admin/apple/orders/MQ123", access: .secretKey),
        APIRoute(
            method: .post, path: "/v1/admin/apple/subscriptions/1000000000000001/extend", access: .secretKey,
            body: #"{"extendByDays": 3, "extendReasonCode": 1, "requestIdentifier": "r1"}"#
        ),
        APIRoute(
            method: .post, path: "/v1/admin/apple/extensions", access: .secretKey,
            body: #"{"productId": "pro.monthly", "extendByDays": 3, "extendReasonCode": 1, "requestIdentifier": "r2"}"#
        ),
        APIRoute(method: .get, path: "/v1/admin/apple/extensions/pro.monthly/r2", access: .secretKey),
        APIRoute(method: .put, path: "/v1/admin/apple/transactions/1000000000000001/consumption", access: .secretKey, body: #"{"customerConsented": true}"#),
        APIRoute(method: .post, path: "/v1/admin/apple/notifications/test", access: .secretKey),
    ]

    /// The routes that read a JSON body.
    static var withBodies: [APIRoute] { all.filter { $0.body != nil } }
}
