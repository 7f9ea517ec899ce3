import Foundation
import PerennialCore
import PerennialOutbound

/// Access tokens for one service account and scope: asked for with a signed assertion, kept until five minutes before
/// they lapse, asked for again when Google refuses one. Concurrent callers share one request.
public actor PlayAccessTokens {
    private let key: PlayServiceAccountKey
    private let scope: String
    private let transport: any HTTPTransport
    private let clock: any Clock
    private var current: (token: String, renewAt: Instant)?
    private var inFlight: Task<(String, Instant), any Error>?

    /// Tokens for the Developer API; `pubSub` for pulling notifications from Pub/Sub instead.
    public init(key: PlayServiceAccountKey, transport: any HTTPTransport, clock: any Clock = SystemClock(), pubSub: Bool = false) {
        self.key = key
        scope = pubSub ? PlayAssertion.pubSubScope : PlayAssertion.scope
        self.transport = transport
        self.clock = clock
    }

    /// A token valid for at least five more minutes.
    public func token() async throws -> String {
        if let current, clock.now() < current.renewAt { return current.token }
        let task = inFlight ?? Task { [key, scope, transport, clock] in
            try await Self.request(key: key, scope: scope, transport: transport, now: clock.now())
        }
        inFlight = task
        defer { inFlight = nil }
        let (token, renewAt) = try await task.value
        current = (token, renewAt)
        return token
    }

    /// Forgets `token` after Google refused it, so that the next call asks for a new one.
    public func invalidate(_ token: String) {
        if current?.token == token { current = nil }
    }

    private static func request(
        key: PlayServiceAccountKey, scope: String, transport: any HTTPTransport, now: Instant
    ) async throws -> (String, Instant) {
        let assertion: String
        do {
            assertion = try PlayAssertion.make(key: key, scope: scope, now: now)
        } catch {
            throw PlayAPIError(.invalidConfiguration, message: "the service account key cannot sign")
        }
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=\(assertion)"
        let request = HTTPTransportRequest(
            method: "POST", url: key.tokenURI,
            headers: [HTTPTransportHeader(name: "Content-Type", value: "application/x-www-form-urlencoded")],
            body: Array(form.utf8), purpose: HTTPTransportPurpose(store: "play_store", endpoint: "POST oauth2 token")
        )
        let response: HTTPTransportResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw PlayAPIError(.unavailable, message: "the token endpoint did not answer")
        }
        struct Answer: Decodable {
            var access_token: String?
            var expires_in: Int64?
            var error: String?
        }
        let answer = try? JSONDecoder().decode(Answer.self, from: Data(response.body))
        guard (200..<300).contains(response.status), let token = answer?.access_token, !token.isEmpty else {
            let kind: PlayAPIError.Kind = switch response.status {
            case 429: .rateLimited
            case 500...: .unavailable
            default: .unauthorized
            }
            throw PlayAPIError(
                kind, message: "the token endpoint refused \(key): \(answer?.error ?? "HTTP \(response.status)")",
                httpStatus: response.status, googleStatus: answer?.error, isFromTokenEndpoint: true
            )
        }
        let lifetime = max(0, (answer?.expires_in ?? 3600) - 300)
        return (token, now.adding(milliseconds: lifetime * 1000))
    }
}
