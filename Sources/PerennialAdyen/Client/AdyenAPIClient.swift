import Foundation
import PerennialOutbound

/// Adyen's Checkout API for one merchant account: `x-api-key`, JSON, an `Idempotency-Key` on every payment.
/// Retries transport failures, 429 and 5xx with exponential backoff and full jitter: safe for payments,
/// because every attempt of one renewal carries the same key.
public struct AdyenAPIClient: Sendable, CustomStringConvertible {
    /// Adyen's Checkout API on the test platform; the live one is the merchant's own prefix's.
    public static let testBaseURL = "https://checkout-test.adyen.com/v71"

    let apiKey: String
    let baseURL: String
    let sender: RetryingSender
    let timeout: Duration

    public init(
        apiKey: String, baseURL: String, transport: any HTTPTransport, retryPolicy: RetryPolicy = RetryPolicy(), timeout: Duration = .seconds(30),
        sleep: @escaping RetryingSender.Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        sender = RetryingSender(transport: transport, retryPolicy: retryPolicy, sleep: sleep)
        self.timeout = timeout
    }

    public var description: String { "AdyenAPIClient(\(baseURL))" }

    /// Adyen's `errorCode` in an error answer (`{"status", "errorCode", "message", "errorType"}`).
    static func errorCode(in body: [UInt8]) -> String? {
        struct Failure: Decodable { var errorCode: String? }
        return (try? JSONDecoder().decode(Failure.self, from: Data(body)))?.errorCode
    }

    /// Charges a renewal (`POST /payments`), keyed by the renewal: a retry of the same renewal gets the
    /// first attempt's result, never a second charge.
    public func charge(_ payment: AdyenRenewalPayment, renewal: AdyenRenewalReference) async throws(StoreAPIError) -> AdyenPaymentResult {
        try await post(AdyenPaymentResult.self, path: "/payments", body: payment, idempotencyKey: renewal.idempotencyKey)
    }

    /// Opens a checkout session for a first payment (`POST /sessions`).
    public func session(_ session: AdyenCheckoutSession, renewal: AdyenRenewalReference) async throws(StoreAPIError) -> AdyenSessionResult {
        try await post(AdyenSessionResult.self, path: "/sessions", body: session, idempotencyKey: renewal.idempotencyKey + "-session")
    }

    /// The cards stored for a shopper that can be charged without them (`GET /storedPaymentMethods`).
    public func storedPaymentMethods(shopperReference: String, merchantAccount: String) async throws(StoreAPIError) -> [AdyenStoredPaymentMethod] {
        var query = URLComponents()
        query.queryItems = [URLQueryItem(name: "shopperReference", value: shopperReference), URLQueryItem(name: "merchantAccount", value: merchantAccount)]
        let answer = try await send(
            AdyenStoredPaymentMethods.self, method: "GET", path: "/storedPaymentMethods", query: query.percentEncodedQuery ?? "", body: nil,
            idempotencyKey: nil)
        return answer.storedPaymentMethods ?? []
    }

    func post<Answer: Decodable>(_ type: Answer.Type, path: String, body: some Encodable, idempotencyKey: String) async throws(StoreAPIError) -> Answer {
        guard let json = try? JSONEncoder().encode(body) else { throw StoreAPIError(.decoding, message: "POST \(path): the request could not be written") }
        return try await send(type, method: "POST", path: path, query: "", body: json, idempotencyKey: idempotencyKey)
    }

    func send<Answer: Decodable>(
        _ type: Answer.Type, method: String, path: String, query: String, body: Data?, idempotencyKey: String?
    ) async throws(StoreAPIError) -> Answer {
        let call = "\(method) \(path)"
        var headers = [HTTPTransportHeader(name: "x-api-key", value: apiKey)]
        if body != nil { headers.append(HTTPTransportHeader(name: "Content-Type", value: "application/json")) }
        if let idempotencyKey { headers.append(HTTPTransportHeader(name: "Idempotency-Key", value: idempotencyKey)) }
        let request = HTTPTransportRequest(
            method: method, url: baseURL + path + (query.isEmpty ? "" : "?" + query), headers: headers, body: body.map(Array.init) ?? [],
            timeout: timeout, purpose: HTTPTransportPurpose(store: "adyen", endpoint: call))
        let response: HTTPTransportResponse
        switch await sender.send(request) {
        case .answered(let answer): response = answer
        case .unsendable(let message): throw StoreAPIError(.transport, message: "cannot send \(call): \(message)")
        case .unanswered: throw StoreAPIError(.transport, message: "\(call) got no answer")
        }
        guard (200..<300).contains(response.status) else {
            throw StoreAPIError(answer: response.status, call: call, storeCode: Self.errorCode(in: response.body))
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch {
            throw StoreAPIError(.decoding, message: "the answer to \(call) is not a \(Answer.self)", httpStatus: response.status)
        }
    }
}
