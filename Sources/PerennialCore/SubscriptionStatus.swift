/// Where a subscription stands at an instant.
public enum SubscriptionStatus: String, Sendable, Codable, Hashable, CaseIterable {
    /// In a free trial period.
    case trial
    /// In a discounted introductory period (pay as you go, pay up front).
    case introductory
    /// Paid at the regular price, or a one-time purchase that still grants access.
    case active
    /// Renewal failed; the store retries billing and the customer keeps access until the grace period ends.
    case gracePeriod = "grace_period"
    /// Renewal failed; the store retries billing and the customer has no access meanwhile (account hold).
    case billingRetry = "billing_retry"
    /// The customer paused the subscription: no access until it resumes, at `SubscriptionState.resumesAt`.
    case paused
    /// The period ended and the store stopped renewing; see the expiration reason.
    case expired
    /// The store took access away: refund, or loss of Family Sharing.
    case revoked

    /// Whether a customer in this state has access to what the product grants.
    public var grantsAccess: Bool {
        switch self {
        case .trial, .introductory, .active, .gracePeriod: true
        case .billingRetry, .paused, .expired, .revoked: false
        }
    }
}
