import Hummingbird
import PerennialServices

/// Refuses a request with 429 `rate_limited` and `Retry-After` once its budget is spent. An authenticated
/// request draws on its app's bucket for the key it presented. An unauthenticated store notification (a
/// `POST` routed to a store's notification endpoint, `/v1/<store>/notifications/{app_id}`, however its path
/// was spelled) is refused if the app's notification bucket is empty, and draws on it only if accepted.
///
/// Its sender's address has a budget of notifications that fail verification: a notification takes one
/// of its tokens before it is processed (atomically, so simultaneous posts cannot all pass a budget of 20),
/// and gives it back when it verifies. Once the budget is spent, notifications from that address are still
/// verified — a store's genuine notifications are never limited per address, though junk from the same
/// shared address spent the budget — but one that fails is answered 429 and not stored. So a flood of junk
/// can neither spend the app's budget nor silence the store. Runs after `APIKeyMiddleware`.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    let limiter: RateLimiter
    let notificationPaths: StoreNotificationPaths
    let rejected: RejectedNotificationLimiter
    /// Lowercased.
    let trustedProxyHeader: String?

    public init(
        limiter: RateLimiter, rejected: RejectedNotificationLimiter, notificationPathPrefixes: [String],
        trustedProxyHeader: String? = nil
    ) {
        self.limiter = limiter
        notificationPaths = StoreNotificationPaths(prefixes: notificationPathPrefixes)
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
        guard request.method == .post, let appID = notificationPaths.appID(of: context) else {
            return try await next(request, context)
        }
        if let retryAfter = await limiter.peek(appID: appID, bucket: .notifications) {
            throw Self.refusal("too many notifications for this app", retryAfter: retryAfter)
        }
        let address = ClientAddress.of(request, peer: context.peerAddress, trustedHeader: trustedProxyHeader)
        let reserved = await rejected.reserve(address: address)
        var context = context
        context.storesRefusedNotification = reserved
        let status: HTTPResponse.Status
        let outcome: Result<Response, any Error>
        do {
            let response = try await next(request, context)
            (status, outcome) = (response.status, .success(response))
        } catch {
            (status, outcome) = (ErrorEnvelope(error).status, .failure(error))
        }
        if Self.isRefusal(status) {
            // Failed verification: the reserved token stays spent; past the budget, the answer is 429.
            if !reserved, let retryAfter = await rejected.retryAfter(address: address) {
                throw Self.refusal("too many notifications that failed verification from this address", retryAfter: retryAfter)
            }
        } else {
            if reserved { await rejected.giveBack(address: address) }
            if status.kind == .successful { _ = await limiter.take(appID: appID, bucket: .notifications) }
        }
        return try outcome.get()
    }

    /// A client error other than a rate limit: the notification was not the store's.
    private static func isRefusal(_ status: HTTPResponse.Status) -> Bool {
        status.kind == .clientError && status != .tooManyRequests
    }

    private static func refusal(_ reason: String, retryAfter: Int) -> ErrorEnvelope {
        ErrorEnvelope(.rateLimited, message: "\(reason); retry after \(retryAfter) s", headers: [.retryAfter: String(retryAfter)])
    }
}
