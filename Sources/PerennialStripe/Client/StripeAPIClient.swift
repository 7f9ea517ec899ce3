import Foundation
import PerennialCore
import PerennialOutbound

/// Stripe's API for one account: form-encoded requests with the secret key as bearer, the API version
/// pinned (`Stripe-Version`), an `Idempotency-Key` on every `POST` and `DELETE` (the caller's, or one made
/// once per call and sent again with each retry). Retries transport failures, 409, 429 and 5xx with
/// exponential backoff and full jitter; `Stripe-Should-Retry: false` stops retries, `true` retries even a
/// 4xx.
public struct StripeAPIClient: Sendable, CustomStringConvertible {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// Stripe's API host; a simulator's in tests.
    public static let stripeBaseURL = "https://api.stripe.com"
    /// The API version every request is sent with, the one the models here read: what Stripe's Python
    /// library 16.1.0 sends.
    public static let pinnedAPIVersion = "2026-10-28.endive"

    let secretKey: StripeSecretKey
    let baseURL: String
    public let apiVersion: String
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    let timeout: Duration
    let sleep: Sleep
    let makeIdempotencyKey: @Sendable () -> String

    public init(
        secretKey: StripeSecretKey, baseURL: String = stripeBaseURL, apiVersion: String = pinnedAPIVersion,
        transport: any HTTPTransport, retryPolicy: RetryPolicy = RetryPolicy(), timeout: Duration = .seconds(30),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
        makeIdempotencyKey: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.secretKey = secretKey
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.apiVersion = apiVersion
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.sleep = sleep
        self.makeIdempotencyKey = makeIdempotencyKey
    }

    public var description: String { "StripeAPIClient(\(baseURL), \(apiVersion))" }

    /// `/v1/<segments>`, each value percent-encoded.
    static func path(_ segments: APIPathSegment...) -> APIPath {
        APIPath(["v1"] + segments, encode: StripeFormParameters.percentEncoded)
    }

    /// Sends a call and returns the body of its 2xx answer. `GET` and `DELETE` parameters go in the query,
    /// `POST`'s in the body.
    func send(
        method: String, path: APIPath, parameters: StripeFormParameters = StripeFormParameters(), idempotencyKey: String? = nil
    ) async throws(StripeAPIError) -> [UInt8] {
        let call = "\(method) \(path.path)"
        let request = makeRequest(method: method, path: path, parameters: parameters, idempotencyKey: idempotencyKey)
        var failures = 0
        while true {
            let failure: StripeAPIError
            let retryable: Bool
            do {
                let response = try await transport.send(request)
                if (200..<300).contains(response.status) { return response.body }
                failure = StripeAPIError.from(response, call: call)
                switch response.header("Stripe-Should-Retry")?.lowercased() {
                case "false": retryable = false
                case "true": retryable = true
                default: retryable = response.status == 409 || response.status == 429 || response.status >= 500
                }
            } catch let error as HTTPTransportError where error.code == .invalidRequest {
                throw StripeAPIError(.transport, message: "cannot send \(call): \(error.message)")
            } catch is CancellationError {
                throw StripeAPIError(.transport, message: "\(call) was cancelled")
            } catch {
                failure = StripeAPIError(.transport, message: "\(call) got no answer")
                retryable = true
            }
            failures += 1
            guard retryable, failures < retryPolicy.attempts else { throw failure }
            do {
                try await sleep(retryPolicy.delay(afterFailure: failures) { Double.random(in: $0) })
            } catch {
                throw failure
            }
        }
    }

    /// Sends a call and decodes its answer.
    func send<Answer: Decodable>(
        _ type: Answer.Type, method: String = "GET", path: APIPath, parameters: StripeFormParameters = StripeFormParameters(),
        idempotencyKey: String? = nil
    ) async throws(StripeAPIError) -> Answer {
        let bytes = try await send(method: method, path: path, parameters: parameters, idempotencyKey: idempotencyKey)
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(bytes))
        } catch {
            throw StripeAPIError(.decoding, message: "the answer to \(method) \(path.path) is not a \(Answer.self)", httpStatus: 200)
        }
    }

    /// The request, built once so that every retry sends the same idempotency key.
    private func makeRequest(
        method: String, path: APIPath, parameters: StripeFormParameters, idempotencyKey: String?
    ) -> HTTPTransportRequest {
        var headers = [
            HTTPTransportHeader(name: "Authorization", value: "Bearer \(secretKey.value)"),
            HTTPTransportHeader(name: "Stripe-Version", value: apiVersion),
            HTTPTransportHeader(name: "Accept", value: "application/json"),
        ]
        var url = baseURL + path.path
        var body: [UInt8] = []
        if method == "GET" || method == "DELETE" {
            if !parameters.isEmpty { url += "?" + parameters.encoded }
        } else {
            headers.append(HTTPTransportHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"))
            body = Array(parameters.encoded.utf8)
        }
        if method == "POST" || method == "DELETE" {
            headers.append(HTTPTransportHeader(name: "Idempotency-Key", value: idempotencyKey ?? makeIdempotencyKey()))
        }
        return HTTPTransportRequest(
            method: method, url: url, headers: headers, body: body, timeout: timeout,
            purpose: HTTPTransportPurpose(store: "stripe", endpoint: "\(method) \(path.template)"))
    }

    /// Every item of a list, page after page (`starting_after` the last id) until `has_more` is false, at
    /// most `pageLimit` pages of 100. With `newerThan`, only the items created after that one, paged the
    /// other way (`ending_before` the first id of the page before).
    func list<Item: Decodable & Sendable & Hashable & Identifiable>(
        _ type: Item.Type, path: APIPath, parameters: StripeFormParameters, pageLimit: Int, newerThan: String? = nil
    ) async throws(StripeAPIError) -> [Item] where Item.ID == String {
        var items: [Item] = []
        var cursor = newerThan
        for _ in 0..<max(1, pageLimit) {
            var page = parameters
            page.append("limit", "100")
            page.append(newerThan == nil ? "starting_after" : "ending_before", cursor)
            let answer = try await send(StripeList<Item>.self, path: path, parameters: page)
            items += answer.data
            guard answer.hasMore, let next = newerThan == nil ? answer.data.last?.id : answer.data.first?.id else { return items }
            cursor = next
        }
        return items
    }
}
