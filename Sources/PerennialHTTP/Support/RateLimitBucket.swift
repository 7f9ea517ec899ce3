/// Which budget a request draws on: one of an app's keys, or its store notification endpoint.
public enum RateLimitBucket: String, Sendable, Hashable {
    case publicKey = "public"
    case secretKey = "secret"
    case notifications
}
