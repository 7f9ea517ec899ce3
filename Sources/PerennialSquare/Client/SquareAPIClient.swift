import Foundation
import PerennialCore
import PerennialOutbound

/// Square's REST API for one app: its access token as bearer, and the `Square-Version` Perennial reads.
/// Retries transport failures, 429 and 5xx with exponential backoff and full jitter.
public struct SquareAPIClient: Sendable, CustomStringConvertible {
    /// Square's production and sandbox API hosts.
    public static let productionBaseURL = "https://connect.squareup.com"
    public static let sandboxBaseURL = "https://connect.squareupsandbox.com"
    /// The API version whose shapes Perennial reads.
    public static let defaultVersion = "2026-09-16"

    let accessToken: String
    let baseURL: String
    let version: String
    let sender: RetryingSender
    let timeout: Duration

    public init(
        accessToken: String, baseURL: String, version: String = SquareAPIClient.defaultVersion, transport: any HTTPTransport,
        retryPolicy: RetryPolicy = RetryPolicy(), timeout: Duration = .seconds(30),
        sleep: @escaping RetryingSender.Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.accessToken = accessToken
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.version = version
        sender = RetryingSender(transport: transport, retryPolicy: retryPolicy, sleep: sleep)
        self.timeout = timeout
    }

    public var description: String { "SquareAPIClient(\(baseURL), version \(version))" }

    /// `/v2/<segments>`, each value percent-encoded.
    static func path(_ segments: APIPathSegment...) -> APIPath {
        APIPath(["v2"] + segments) { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-_.~"))) ?? "" }
    }

    /// A subscription with its scheduled actions (`GET /v2/subscriptions/{id}?include=actions`).
    public func subscription(id: String) async throws(StoreAPIError) -> SquareSubscription {
        struct Answer: Decodable { var subscription: SquareSubscription }
        return try await send(Answer.self, path: Self.path("subscriptions", .id(id)), query: "include=actions").subscription
    }

    /// An invoice (`GET /v2/invoices/{id}`).
    public func invoice(id: String) async throws(StoreAPIError) -> SquareInvoice {
        struct Answer: Decodable { var invoice: SquareInvoice }
        return try await send(Answer.self, path: Self.path("invoices", .id(id))).invoice
    }

    /// A subscription plan variation (`GET /v2/catalog/object/{id}`).
    public func planVariation(id: String) async throws(StoreAPIError) -> SquarePlanVariation {
        struct Answer: Decodable { var object: SquarePlanVariation }
        return try await send(Answer.self, path: Self.path("catalog", "object", .id(id))).object
    }

    /// A customer (`GET /v2/customers/{id}`).
    public func customer(id: String) async throws(StoreAPIError) -> SquareCustomer {
        struct Answer: Decodable { var customer: SquareCustomer }
        return try await send(Answer.self, path: Self.path("customers", .id(id))).customer
    }

    /// The seller's locations' ids (`GET /v2/locations`): a call any valid token may make.
    public func locationIDs() async throws(StoreAPIError) -> [String] {
        struct Answer: Decodable {
            struct Location: Decodable { var id: String }
            var locations: [Location]?
        }
        return try await send(Answer.self, path: Self.path("locations")).locations?.map(\.id) ?? []
    }

    /// The application's webhook subscriptions (`GET /v2/webhooks/subscriptions`).
    public func webhookSubscriptions() async throws(StoreAPIError) -> [SquareWebhookSubscription] {
        struct Answer: Decodable { var subscriptions: [SquareWebhookSubscription]? }
        return try await send(Answer.self, path: Self.path("webhooks", "subscriptions")).subscriptions ?? []
    }

    /// Sends a GET and decodes its 2xx answer.
    func send<Answer: Decodable>(_ type: Answer.Type, path: APIPath, query: String? = nil) async throws(StoreAPIError) -> Answer {
        let call = "GET \(path.template)"
        let request = HTTPTransportRequest(
            method: "GET", url: baseURL + path.path + (query.map { "?" + $0 } ?? ""),
            headers: [
                HTTPTransportHeader(name: "Authorization", value: "Bearer \(accessToken)"), HTTPTransportHeader(name: "Square-Version", value: version),
                HTTPTransportHeader(name: "Accept", value: "application/json"),
            ],
            timeout: timeout, purpose: HTTPTransportPurpose(store: "square", endpoint: call))
        let response: HTTPTransportResponse
        switch await sender.send(request) {
        case .answered(let answer): response = answer
        case .unsendable(let message): throw StoreAPIError(.transport, message: "cannot send \(call): \(message)")
        case .unanswered: throw StoreAPIError(.transport, message: "\(call) got no answer")
        }
        guard (200..<300).contains(response.status) else { throw Self.failure(response, call: call) }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch {
            throw StoreAPIError(.decoding, message: "the answer to \(call) is not a \(Answer.self)", httpStatus: response.status)
        }
    }

    /// The error a non-2xx answer stands for, with Square's own code of it.
    static func failure(_ response: HTTPTransportResponse, call: String) -> StoreAPIError {
        struct Answer: Decodable {
            struct Item: Decodable { var code: String? }
            var errors: [Item]?
        }
        return StoreAPIError(answer: response.status, call: call, storeCode: (try? JSONDecoder().decode(Answer.self, from: Data(response.body)))?.errors?.first?.code)
    }
}
