extension SubscriptionState {
    /// The instant after which time alone may change this state (a period or a grace period ends, a pause is
    /// over), or nil if
    /// only new facts can change it. A stored state is current until then; after it, fold the facts again.
    public var validUntil: Instant? {
        switch status {
        case .trial, .introductory, .active: expiresAt
        case .gracePeriod: gracePeriodExpiresAt
        case .paused: resumesAt
        case .billingRetry, .expired, .revoked: nil
        }
    }
}
