import Foundation
import PerennialCore
import PerennialOutbound

/// The Google Play Developer API (androidpublisher v3) for one app: the current subscription methods
/// (`purchases.subscriptionsv2`), the one v1 subscription method Google keeps (`acknowledge`), one-time
/// products, and voided purchases. Retries transport failures, 5xx and 429 with backoff and full jitter;
/// renews the access token once when Google answers 401.
public struct PlayDeveloperAPIClient: Sendable {
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// Google's API host; a simulator's in tests.
    public static let googleBaseURL = "https://androidpublisher.googleapis.com"

    public let packageName: String
    let baseURL: String
    let tokens: PlayAccessTokens
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    let timeout: Duration
    let sleep: Sleep

    public init(
        packageName: String, baseURL: String = googleBaseURL, tokens: PlayAccessTokens, transport: any HTTPTransport,
        retryPolicy: RetryPolicy = RetryPolicy(), timeout: Duration = .seconds(15),
        sleep: @escaping Sleep = { try await Task.sleep(for: $0) }
    ) {
        self.packageName = packageName
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.tokens = tokens
        self.transport = transport
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.sleep = sleep
    }

    /// The path of this app's resources, each segment percent-encoded.
    func path(_ segments: APIPathSegment...) -> APIPath {
        APIPath(["androidpublisher", "v3", "applications", .id(packageName)] + segments, encode: Self.encodeSegment)
    }

    /// A path segment with everything but RFC 3986's unreserved characters (and the `:` of custom methods,
    /// added by callers after encoding) percent-encoded.
    static func encodeSegment(_ segment: String) -> String {
        let allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }

    /// Sends a call and returns the body of its 2xx answer.
    func send(method: String, path: APIPath, query: String = "", body: [UInt8]? = nil) async throws(PlayAPIError) -> [UInt8] {
        let url = baseURL + path.path + (query.isEmpty ? "" : "?" + query)
        // Named in errors by what follows the app's own path (`GET /purchases/subscriptionsv2/tokens/…`).
        let call = "\(method) \(path.path.dropFirst(self.path().path.count))"
        var failures = 0
        var renewed = false
        while true {
            let failure: PlayAPIError
            do {
                let token = try await accessToken()
                var headers = [
                    HTTPTransportHeader(name: "Authorization", value: "Bearer \(token)"),
                    HTTPTransportHeader(name: "Accept", value: "application/json"),
                ]
                if body != nil { headers.append(HTTPTransportHeader(name: "Content-Type", value: "application/json")) }
                let request = HTTPTransportRequest(
                    method: method, url: url, headers: headers, body: body ?? [], timeout: timeout,
                    purpose: HTTPTransportPurpose(store: "play_store", endpoint: "\(method) \(path.template)"))
                let response = try await transport.send(request)
                if (200..<300).contains(response.status) { return response.body }
                failure = PlayErrorBody.error(for: response, call: call)
                if response.status == 401, !renewed {
                    renewed = true
                    await tokens.invalidate(token)
                    continue
                }
            } catch let error as PlayAPIError {
                // The token endpoint's refusal, retried like the call's own when it is an outage.
                failure = error
            } catch let error as HTTPTransportError where error.code == .invalidRequest {
                throw PlayAPIError(.invalidConfiguration, message: "cannot send \(call): \(error.message)")
            } catch is CancellationError {
                throw PlayAPIError(.unavailable, message: "\(call) was cancelled")
            } catch {
                failure = PlayAPIError(.unavailable, message: "\(call) got no answer")
            }
            guard failure.kind == .unavailable || failure.kind == .rateLimited else { throw failure }
            failures += 1
            guard failures < retryPolicy.attempts else { throw failure }
            do {
                try await sleep(retryPolicy.delay(afterFailure: failures) { Double.random(in: $0) })
            } catch {
                throw failure
            }
        }
    }

    /// A current access token; any failure to get one is a `PlayAPIError`.
    private func accessToken() async throws(PlayAPIError) -> String {
        do {
            return try await tokens.token()
        } catch let error as PlayAPIError {
            throw error
        } catch {
            throw PlayAPIError(.unavailable, message: "no access token")
        }
    }

    /// Sends a call and decodes its answer.
    func send<Answer: Decodable>(
        _ type: Answer.Type, method: String = "GET", path: APIPath, query: String = "", body: [UInt8]? = nil
    ) async throws(PlayAPIError) -> Answer {
        let bytes = try await send(method: method, path: path, query: query, body: body)
        do {
            return try JSONDecoder().decode(Answer.self, from: Data(bytes))
        } catch {
            throw PlayAPIError(.invalidResponse, message: "the answer to \(method) \(path.path) is not a \(Answer.self)", httpStatus: 200)
        }
    }
}
