/// A transparent churn-risk score from 0 to 100, the sum of what puts a live subscription at risk:
///
/// | signal | points |
/// |---|---|
/// | auto-renew turned off on a live subscription | 40 |
/// | a billing issue (grace period or billing retry) | 30 |
/// | sessions in the last 30 days: 0 / 1–3 / 4–9 / 10 or more (when the app reports them) | 30 / 20 / 10 / 0 |
/// | last active more than 14 days ago (when reported) | 10 |
///
/// Capped at 100. A customer with no live subscription scores 0: there is nothing left to save.
public enum ChurnRisk {
    public static func score(states: [SubscriptionState], signals: EngagementSignals?, at now: Instant) -> Int {
        let live = states.filter { $0.productType == .autoRenewable && ($0.status.grantsAccess || $0.status == .billingRetry) }
        guard !live.isEmpty else { return 0 }
        var points = 0
        if live.contains(where: { !$0.willRenew && $0.status.grantsAccess }) { points += 40 }
        if live.contains(where: { $0.status == .gracePeriod || $0.status == .billingRetry }) { points += 30 }
        if let sessions = signals?.sessionsLast30Days {
            points += sessions <= 0 ? 30 : sessions <= 3 ? 20 : sessions <= 9 ? 10 : 0
        }
        if let lastActive = signals?.lastActiveAt, now.milliseconds - lastActive.milliseconds > 14 * 86_400_000 { points += 10 }
        return min(points, 100)
    }
}
