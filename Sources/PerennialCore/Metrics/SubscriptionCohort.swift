/// A subscription's place in the retention table and in realized lifetime value: its cohort is the UTC
/// month its first paid period began (a trial before it does not count), and its streak the number of
/// consecutive paid periods from that one — each beginning within 60 days of the end of the one before
/// (the longest an App Store billing retry lasts), a refunded period not counted as paid, an upgrade's
/// cut-short period counted.
struct SubscriptionCohort {
    /// The first paid period.
    let first: TransactionFact
    /// Consecutive paid periods from the first.
    let streak: Int
    /// Whether the streak runs up to the latest paid period (no lapse has broken it).
    let reachesLatest: Bool

    static let maximumGapMilliseconds: Int64 = 60 * 86_400_000

    init?(transactions: [TransactionFact]) {
        let paid = transactions
            .filter { $0.expiresAt != nil && !$0.isTrialPeriod && ($0.cancelledAt == nil || $0.isUpgraded) }
            .sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
        guard let first = paid.first, var end = first.expiresAt else { return nil }
        var streak = 1
        var broken = false
        for period in paid.dropFirst() {
            guard period.purchasedAt.milliseconds - end.milliseconds <= Self.maximumGapMilliseconds else {
                broken = true
                break
            }
            streak += 1
            if let periodEnd = period.expiresAt, periodEnd > end { end = periodEnd }
        }
        self.first = first
        self.streak = streak
        self.reachesLatest = !broken
    }

    /// The first day of the cohort's month, in days since 1970.
    var cohortDay: Int {
        let date = CivilDate(utcDayOf: first.purchasedAt)
        return CivilDate(year: date.year, month: date.month, day: 1)!.daysSince1970
    }

    /// `retention.live|ended.<streak>`, `cohort.subscriptions` and `cohort.proceeds.<currency>` (every
    /// entry's proceeds: what the subscription has earned so far), all on the cohort's first day. It is live
    /// when its streak is unbroken and its state at the end of the walk is paid and going.
    func contribute(entries: [RevenueEntry], lastState: SubscriptionState?, add: (Int, String, String, String?, Int64) -> Void) {
        let live = reachesLatest && lastState.map { $0.status != .trial && SubscriptionTimeline.isLive($0.status) } == true
        let day = cohortDay
        add(day, MetricMeasure.retentionPrefix + (live ? "live." : "ended.") + String(streak), first.productID, first.storefront, 1)
        add(day, MetricMeasure.cohortPrefix + "subscriptions", first.productID, first.storefront, 1)
        for entry in entries {
            add(day, MetricMeasure.cohortPrefix + "proceeds." + entry.proceeds.currency, first.productID, first.storefront,
                entry.proceeds.minorUnits)
        }
    }
}
