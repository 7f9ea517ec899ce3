import PerennialGooglePlayRoutes
import _CryptoExtras
import Crypto
import Foundation
import PerennialCore
import PerennialGooglePlay
import PerennialOutbound
import PerennialServer

/// Google for one app, in memory: the token endpoint, the Developer API over purchases the test sets, the
/// voided purchases list, and the JWK Set of the key that signs Pub/Sub push tokens (which it also mints).
actor FakePlayBackend: HTTPTransport {
    static let packageName = "com.example.forest"
    static let audience = "https://perennial.test/v1/google/notifications/forest"
    static let pushEmail = "rtdn-push@forest.iam.gserviceaccount.com"
    static let accountKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let pushKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    private(set) var purchases: [String: [String: Any]] = [:]
    private(set) var voided: [[String: Any]] = []
    private(set) var acknowledged: [String] = []
    private(set) var apiCalls = 0
    private var outage = false
    /// What `orders.get` answers, by order id (and `orders.batchGet` for each); an id without one is not found.
    private var orders: [String: HTTPTransportResponse] = [:]
    private(set) var orderCalls = 0

    /// The app's `google:` settings pointing at this fake.
    static func settings() throws -> GooglePlaySettings {
        let key = try JSONSerialization.data(withJSONObject: [
            "type": "service_account", "client_email": "perennial@forest.iam.gserviceaccount.com", "private_key_id": "sa-1",
            "private_key": accountKey.pemRepresentation, "token_uri": "https://oauth.test/token",
        ])
        var settings = try GooglePlaySettings(
            packageName: packageName, serviceAccountKeyJSON: key,
            push: PlayPushExpectation(audience: audience, serviceAccountEmail: pushEmail)
        )
        settings.apiBaseURL = "https://play.test"
        settings.certsURL = "https://certs.test/oauth2/v3/certs"
        return settings
    }

    func put(_ token: String, _ purchase: [String: Any]) { purchases[token] = purchase }
    func void(_ entry: [String: Any]) { voided.append(entry) }
    func setOutage(_ down: Bool) { outage = down }
    func answerOrder(_ orderID: String, with response: HTTPTransportResponse) { orders[orderID] = response }

    func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
        if request.url.hasPrefix("https://oauth.test/token") {
            return Self.json(["access_token": "ya29.fake", "expires_in": 3599, "token_type": "Bearer"])
        }
        if request.url.hasPrefix("https://certs.test/") {
            let primitives = try Self.pushKey.publicKey.getKeyPrimitives()
            return Self.json(["keys": [[
                "kid": "push-1", "kty": "RSA", "alg": "RS256", "use": "sig",
                "n": Base64URL.encode(primitives.modulus), "e": Base64URL.encode(primitives.publicExponent),
            ]]])
        }
        apiCalls += 1
        if outage { return HTTPTransportResponse(status: 503) }
        guard request.header("Authorization") == "Bearer ya29.fake" else { return HTTPTransportResponse(status: 401) }
        let batchPrefix = "https://play.test/androidpublisher/v3/applications/\(Self.packageName)/orders:batchGet?"
        if request.url.hasPrefix(batchPrefix) {
            // One unknown or refused order fails the whole batch, as Google does.
            orderCalls += 1
            let ids = request.url.dropFirst(batchPrefix.count).split(separator: "&").compactMap { pair -> String? in
                guard pair.hasPrefix("orderIds=") else { return nil }
                return String(pair.dropFirst("orderIds=".count)).removingPercentEncoding
            }
            let answers = ids.map { orders[$0] }
            guard let failed = answers.first(where: { $0 == nil || $0?.status != 200 }) else {
                return Self.json(["orders": answers.compactMap { $0.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) } }])
            }
            return failed ?? Self.notFound
        }
        let ordersPrefix = "https://play.test/androidpublisher/v3/applications/\(Self.packageName)/orders/"
        if request.url.hasPrefix(ordersPrefix) {
            orderCalls += 1
            let orderID = String(request.url.dropFirst(ordersPrefix.count)).removingPercentEncoding ?? ""
            return orders[orderID] ?? Self.notFound
        }
        let prefix = "https://play.test/androidpublisher/v3/applications/\(Self.packageName)/purchases/"
        guard request.url.hasPrefix(prefix) else { return Self.notFound }
        let rest = String(request.url.dropFirst(prefix.count))
        if rest.hasPrefix("voidedpurchases") { return Self.json(["voidedPurchases": voided]) }
        let parts = rest.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        if parts.count == 3, parts[0] == "subscriptionsv2", parts[1] == "tokens", let purchase = purchases[parts[2]] {
            return Self.json(purchase)
        }
        if parts.count == 4, parts[0] == "subscriptions", parts[3].hasSuffix(":acknowledge") {
            let token = String(parts[3].dropLast(":acknowledge".count))
            guard purchases[token] != nil else { return Self.notFound }
            purchases[token]?["acknowledgementState"] = "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED"
            acknowledged.append(token)
            return HTTPTransportResponse(status: 200, body: Array("{}".utf8))
        }
        return Self.notFound
    }

    static let notFound = HTTPTransportResponse(
        status: 404, body: Array(#"{"error":{"code":404,"message":"The purchase token was not found.","status":"NOT_FOUND"}}"#.utf8)
    )

    static func json(_ object: Any) -> HTTPTransportResponse {
        HTTPTransportResponse(
            status: 200, headers: [HTTPTransportHeader(name: "Content-Type", value: "application/json")],
            body: Array(try! JSONSerialization.data(withJSONObject: object))
        )
    }

    /// A Pub/Sub push body for a developer notification about `token`.
    static func push(messageID: String, token: String, type: Int) -> [UInt8] {
        let notification: [String: Any] = [
            "version": "1.0", "packageName": packageName, "eventTimeMillis": "1767225600000",
            "subscriptionNotification": ["version": "1.0", "notificationType": type, "purchaseToken": token],
        ]
        let data = try! JSONSerialization.data(withJSONObject: notification, options: [.sortedKeys]).base64EncodedString()
        return Array(try! JSONSerialization.data(withJSONObject: [
            "message": ["data": data, "messageId": messageID, "publishTime": "2026-01-01T00:00:00Z"],
            "subscription": "projects/forest/subscriptions/rtdn",
        ], options: [.sortedKeys]))
    }

    /// `Authorization: Bearer …` for a push: an OIDC token signed by the push key, with `changes` applied.
    static func pushAuthorization(now: Instant, changes: [String: Any] = [:], key: _RSA.Signing.PrivateKey = pushKey) -> String {
        var claims: [String: Any] = [
            "iss": "https://accounts.google.com", "aud": audience, "email": pushEmail, "email_verified": true,
            "iat": now.milliseconds / 1000, "exp": now.milliseconds / 1000 + 3600, "sub": "111",
        ]
        claims.merge(changes) { $1 }
        let header = Base64URL.encode(try! JSONSerialization.data(withJSONObject: ["alg": "RS256", "kid": "push-1", "typ": "JWT"]))
        let body = Base64URL.encode(try! JSONSerialization.data(withJSONObject: claims))
        let signature = try! key.signature(for: SHA256.hash(data: Data("\(header).\(body)".utf8)), padding: .insecurePKCS1v1_5)
        return "Bearer \(header).\(body).\(Base64URL.encode(signature.rawRepresentation))"
    }
}
