/// What the app reports about how a customer uses it, for the churn-risk score.
public struct EngagementSignals: Sendable, Hashable, Codable {
    /// Sessions in the last 30 days, as the app counts them.
    public var sessionsLast30Days: Int?
    /// When the customer last used the app.
    public var lastActiveAt: Instant?
    /// When the app reported these signals.
    public var reportedAt: Instant

    public init(sessionsLast30Days: Int?, lastActiveAt: Instant?, reportedAt: Instant) {
        self.sessionsLast30Days = sessionsLast30Days
        self.lastActiveAt = lastActiveAt
        self.reportedAt = reportedAt
    }
}
