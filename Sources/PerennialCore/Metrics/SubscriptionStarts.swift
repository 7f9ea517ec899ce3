/// The counts of subscriptions that start and end in a bucket (`new_subscriptions`, `churn`), from the
/// auto-renewable subscriptions' facts.
enum SubscriptionStarts {
    /// Trials started, paid subscriptions started without a trial, and trials converted, in the bucket.
    static func starts(of histories: [SubscriptionMetrics.History], in bucket: (start: CivilDate, end: CivilDate)) -> SubscriptionMetrics.Point {
        var values: [String: Int64] = ["trials": 0, "paid": 0, "conversions": 0]
        func inBucket(_ instant: Instant) -> Bool {
            let day = CivilDate(utcDayOf: instant)
            return bucket.start <= day && day <= bucket.end
        }
        for history in histories {
            let ordered = history.transactions.filter { $0.expiresAt != nil }
                .sorted { ($0.purchasedAt, $0.transactionID) < ($1.purchasedAt, $1.transactionID) }
            guard let first = ordered.first else { continue }
            if first.isTrialPeriod {
                if inBucket(first.purchasedAt) { values["trials", default: 0] += 1 }
                if let converted = ordered.first(where: { !$0.isTrialPeriod }), inBucket(converted.purchasedAt) {
                    values["conversions", default: 0] += 1
                }
            } else if inBucket(first.purchasedAt) {
                values["paid", default: 0] += 1
            }
        }
        return SubscriptionMetrics.Point(start: bucket.start, end: bucket.end, values: values)
    }

    /// Paid subscriptions live at the bucket's start (access past a trial, or billing retry; a trial that is
    /// not converted is not churn) and ended at its end: `voluntary`,
    /// `involuntary` (billing), `refunded` (revoked), `other` (any other reason, or none given).
    static func churn(
        of histories: [SubscriptionMetrics.History], in bucket: (start: CivilDate, end: CivilDate), catalog: Catalog
    ) -> SubscriptionMetrics.Point {
        var values: [String: Int64] = ["voluntary": 0, "involuntary": 0, "refunded": 0, "other": 0]
        let engine = SubscriptionEngine(catalog: catalog)
        let before = Instant(milliseconds: Int64(bucket.start.daysSince1970) * 86_400_000 - 1)
        let after = SubscriptionMetrics.lastInstant(of: bucket)
        for history in histories {
            func state(at instant: Instant) -> SubscriptionState? {
                engine.state(
                    transactions: history.transactions.filter { $0.purchasedAt <= instant },
                    renewalInfos: history.renewalInfos.filter { $0.observedAt <= instant }, at: instant)
            }
            guard let start = state(at: before), start.productType == .autoRenewable,
                  start.status != .trial, start.status.grantsAccess || start.status == .billingRetry,
                  let end = state(at: after)
            else { continue }
            switch end.status {
            case .revoked: values["refunded", default: 0] += 1
            case .expired:
                switch end.expirationReason {
                case .voluntary: values["voluntary", default: 0] += 1
                case .billingError: values["involuntary", default: 0] += 1
                default: values["other", default: 0] += 1
                }
            default: break
            }
        }
        return SubscriptionMetrics.Point(start: bucket.start, end: bucket.end, values: values)
    }
}
