import Foundation
import PerennialCore
import PerennialOutbound

/// PayPal's REST API for one app: an OAuth access token from its client id and secret (client credentials),
/// then JSON calls with it as bearer. Retries transport failures, 429 and 5xx with exponential backoff and
/// full jitter; a 401 fetches a new token once.
public struct PayPalAPIClient: Sendable, CustomStringConvertible {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// PayPal's live and sandbox API hosts.
    public static let liveBaseURL = "https://api-m.paypal.com"
    public static let sandboxBaseURL = "https://api-m.sandbox.paypal.com"

    let credentials: PayPalCredentials
    let baseURL: String
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    let timeout: Duration
    let sleep: Sleep
    let tokens: PayPalAccessTokens

    public init(
        credentials: PayPalCredentials, baseURL: String, transport: any HTTPTransport, retryPolicy: RetryPolicy = RetryPolicy(),
        timeout: Duration = .seconds(30), clock: any Clock = SystemClock(), sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.credentials = credentials
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.sleep = sleep
        tokens = PayPalAccessTokens(clock: clock)
    }

    public var description: String { "PayPalAPIClient(\(baseURL), \(credentials))" }

    /// `/v1/<segments>`, each value percent-encoded.
    static func path(_ segments: APIPathSegment...) -> APIPath {
        APIPath(["v1"] + segments) { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? "" }
    }

    /// A subscription (`GET /v1/billing/subscriptions/{id}`).
    public func subscription(id: String) async throws(StoreAPIError) -> PayPalSubscription {
        try await send(PayPalSubscription.self, path: Self.path("billing", "subscriptions", .id(id)))
    }

    /// A plan (`GET /v1/billing/plans/{id}`).
    public func plan(id: String) async throws(StoreAPIError) -> PayPalPlan {
        try await send(PayPalPlan.self, path: Self.path("billing", "plans", .id(id)))
    }

    /// The subscription's payments between two instants (`GET …/transactions?start_time&end_time`).
    public func transactions(subscriptionID: String, from: Instant, to: Instant) async throws(StoreAPIError) -> [PayPalTransaction] {
        let query = "start_time=\(Self.queryTime(from))&end_time=\(Self.queryTime(to))"
        return try await send(
            PayPalTransactionList.self, path: Self.path("billing", "subscriptions", .id(subscriptionID), "transactions"), query: query
        ).transactions
    }

    /// A webhook registered for the app (`GET /v1/notifications/webhooks/{id}`).
    public func webhook(id: String) async throws(StoreAPIError) -> PayPalWebhookRegistration {
        try await send(PayPalWebhookRegistration.self, path: Self.path("notifications", "webhooks", .id(id)))
    }

    /// Asks PayPal whether a delivery is authentic (`POST /v1/notifications/verify-webhook-signature`), the
    /// event given as the raw body it came in, never serialized again.
    public func verifiesWebhook(_ transmission: PayPalTransmission, webhookID: String, body: Data) async throws(StoreAPIError) -> Bool {
        struct Fields: Encodable {
            var auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id: String
        }
        let fields = Fields(
            auth_algo: transmission.algorithm, cert_url: transmission.certificateURL, transmission_id: transmission.id,
            transmission_sig: Data(transmission.signature).base64EncodedString(), transmission_time: transmission.time,
            webhook_id: webhookID)
        guard var json = try? JSONEncoder().encode(fields), json.last == UInt8(ascii: "}") else {
            throw StoreAPIError(.decoding, message: "the verification request could not be written")
        }
        json.removeLast()
        json.append(contentsOf: Array(#","webhook_event":"#.utf8) + Array(body) + [UInt8(ascii: "}")])
        struct Answer: Decodable { var verification_status: String }
        let answer = try await send(Answer.self, method: "POST", path: Self.path("notifications", "verify-webhook-signature"), body: Array(json))
        return answer.verification_status == "SUCCESS"
    }

    /// An RFC 3339 time for a query string.
    static func queryTime(_ instant: Instant) -> String {
        instant.iso8601.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._"))) ?? ""
    }
}
