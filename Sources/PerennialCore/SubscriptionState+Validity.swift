extension SubscriptionState {
    /// The instant after which time alone may change this state (a period or a grace period ends), or nil if
    /// only new facts can change it. A stored state is current until then; after it, fold the facts again.
    public var validUntil: Instant? {
        switch status {
        case .trial, .introductory, .active: expiresAt
        case .gracePeriod: gracePeriodExpiresAt
        case .billingRetry, .expired, .revoked: nil
        }
    }
}
