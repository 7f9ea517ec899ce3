import Hummingbird
import PerennialServices

/// Refuses a request with 429 `rate_limited` and `Retry-After` once its bucket is empty: an authenticated
/// request draws on its app's bucket for the key it presented; an unauthenticated store notification
/// (`POST /v1/apple/notifications/{app_id}`) on that app's notification bucket. Runs after `APIKeyMiddleware`.
public struct RateLimitMiddleware: RouterMiddleware {
    public typealias Context = PerennialRequestContext

    static let notificationPrefix = "/v1/apple/notifications/"

    let limiter: RateLimiter

    public init(limiter: RateLimiter) {
        self.limiter = limiter
    }

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let (appID, bucket) = Self.bucket(of: request, context: context),
           let retryAfter = await limiter.take(appID: appID, bucket: bucket) {
            throw ErrorEnvelope(
                status: .tooManyRequests, code: "rate_limited",
                message: "too many requests for this key; retry after \(retryAfter) s",
                headers: [.retryAfter: String(retryAfter)]
            )
        }
        return try await next(request, context)
    }

    private static func bucket(of request: Request, context: Context) -> (String, RateLimitBucket)? {
        if let authenticated = context.authenticated {
            return (authenticated.app.id, authenticated.role == .secret ? .secretKey : .publicKey)
        }
        let path = request.uri.path
        guard request.method == .post, path.hasPrefix(notificationPrefix) else { return nil }
        let appID = path.dropFirst(notificationPrefix.count)
        guard !appID.isEmpty, !appID.contains("/") else { return nil }
        return (String(appID), .notifications)
    }
}
