import PerennialServices
import PerennialStoreModule

/// Reads `rate_limit` (under `server`, or under an app to override the server's):
/// `{public: {per_second, burst}, secret: {…}, notifications: {…}, rejected_notifications_per_address: {…}}`
/// (the last only under `server`). Buckets left out keep `base`.
enum RateLimitParser {
    static func parse(_ node: ConfigurationNode, base: RateLimitSettings) throws -> RateLimitSettings {
        try node.allowKeys(["public", "secret", "notifications", "rejected_notifications_per_address"])
        var settings = base
        if let child = try node.child("public") { settings.publicKey = try limit(child) }
        if let child = try node.child("secret") { settings.secretKey = try limit(child) }
        if let child = try node.child("notifications") { settings.notifications = try limit(child) }
        if let child = try node.child("rejected_notifications_per_address") {
            settings.rejectedNotificationsPerAddress = try limit(child)
        }
        return settings
    }

    private static func limit(_ node: ConfigurationNode) throws -> RateLimit {
        try node.allowKeys(["per_second", "burst"])
        let rate = try node.requiredChild("per_second")
        guard let perSecond = Double(try rate.string()), perSecond > 0, perSecond.isFinite else {
            throw rate.error("must be a number of requests per second above zero")
        }
        return RateLimit(perSecond: perSecond, burst: try node.requiredChild("burst").positiveInteger())
    }
}
