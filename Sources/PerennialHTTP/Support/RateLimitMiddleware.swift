import Hummingbird
import PerennialServices

/// Refuses a request with 429 `rate_limited` and `Retry-After` once its budget is spent. An authenticated
/// request draws on its app's bucket for the key it presented. An unauthenticated store notification
/// (`POST` to a store's notification path, `/v1/<store>/notifications/{app_id}`) is refused if its source address has used up its budget of
/// notifications that fail verification, or if the app's notification bucket is empty; it then draws on
/// the app's bucket only if it is accepted, and on its address's budget if it is refused with a 4xx — so a
/// flood of junk cannot spend the app's budget, and genuine notifications are never limited per address.
/// Runs after `APIKeyMiddleware`.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let limiter: RateLimiter
    /// Each store's notification path up to the app id (`/v1/<segment>/notifications/`).
    let notificationPathPrefixes: [String]
    let rejected: RejectedNotificationLimiter
    /// Lowercased.
    let trustedProxyHeader: String?

    public init(
        limiter: RateLimiter, rejected: RejectedNotificationLimiter, notificationPathPrefixes: [String],
        trustedProxyHeader: String? = nil
    ) {
        self.limiter = limiter
        self.notificationPathPrefixes = notificationPathPrefixes
        self.rejected = rejected
        self.trustedProxyHeader = trustedProxyHeader?.lowercased()
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let authenticated = context.authenticated {
            let bucket: RateLimitBucket = authenticated.role == .secret ? .secretKey : .publicKey
            if let retryAfter = await limiter.take(appID: authenticated.app.id, bucket: bucket) {
                throw Self.refusal("too many requests for this key", retryAfter: retryAfter)
            }
            return try await next(request, context)
        }
        guard let appID = notificationAppID(of: request) else { return try await next(request, context) }
        let address = ClientAddress.of(request, peer: context.peerAddress, trustedHeader: trustedProxyHeader)
        if let retryAfter = await rejected.retryAfter(address: address) {
            throw Self.refusal("too many notifications that failed verification from this address", retryAfter: retryAfter)
        }
        if let retryAfter = await limiter.peek(appID: appID, bucket: .notifications) {
            throw Self.refusal("too many notifications for this app", retryAfter: retryAfter)
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            if Self.isRefusal(ErrorEnvelope(error).status) { await rejected.charge(address: address) }
            throw error
        }
        if Self.isRefusal(response.status) {
            await rejected.charge(address: address)
        } else {
            _ = await limiter.take(appID: appID, bucket: .notifications)
        }
        return response
    }

    /// A client error other than a rate limit: the notification was not the store's.
    private static func isRefusal(_ status: HTTPResponse.Status) -> Bool {
        status.kind == .clientError && status != .tooManyRequests
    }

    private static func refusal(_ reason: String, retryAfter: Int) -> ErrorEnvelope {
        ErrorEnvelope(.rateLimited, message: "\(reason); retry after \(retryAfter) s", headers: [.retryAfter: String(retryAfter)])
    }

    private func notificationAppID(of request: Request) -> String? {
        let path = request.uri.path
        guard request.method == .post, let prefix = notificationPathPrefixes.first(where: { path.hasPrefix($0) }) else {
            return nil
        }
        let appID = path.dropFirst(prefix.count)
        guard !appID.isEmpty, !appID.contains("/") else { return nil }
        return String(appID)
    }
}
