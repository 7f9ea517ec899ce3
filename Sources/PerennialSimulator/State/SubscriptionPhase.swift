import PerennialCore

/// Where a simulated subscription stands between renewals.
enum SubscriptionPhase: Sendable, Hashable, Codable {
    /// Paid (or in a trial) until the subscription's `expiresDate`.
    case active
    /// A renewal failed at `since`; access continues until `graceEndsAt` when the app has a grace period.
    case billingRetry(since: Instant, graceEndsAt: Instant?)
    /// Ended for good, with Apple's `expiration_intent`.
    case expired(intent: Int, at: Instant)
    /// Access taken away (refund, Family Sharing revocation).
    case revoked(at: Instant)

    var isLive: Bool {
        switch self {
        case .active, .billingRetry: true
        case .expired, .revoked: false
        }
    }
}
