/// The measures subscriptions contribute to (`MetricContribution`), named once.
public enum MetricMeasure {
    /// A subscription in this state at the end of the day: `active.trial`, `active.paid` (active or
    /// introductory), `active.grace_period`, `active.billing_retry`.
    public static let activePrefix = "active."
    /// Monthly recurring revenue at the end of the day, `mrr.<currency>`, in millionths of a minor unit.
    public static let mrrPrefix = "mrr."
    /// `new.trials`, `new.paid` (started without a trial), `new.conversions` (a trial's first paid period).
    public static let newPrefix = "new."
    /// `churn.voluntary`, `churn.involuntary`, `churn.refunded`, `churn.other`: a paid subscription ended.
    public static let churnPrefix = "churn."
    /// Paid periods after a subscription's first.
    public static let renewals = "renewals"
    /// `revenue.price.<currency>`, `revenue.proceeds.<currency>` (net of refunds), `revenue.refunded.<currency>`,
    /// `revenue.refunds` (how many).
    public static let revenuePrefix = "revenue."
    /// `retention.live.<n>` and `retention.ended.<n>`: a subscription with `n` consecutive paid periods so
    /// far, still going or not, in its cohort.
    public static let retentionPrefix = "retention."
    /// `cohort.subscriptions` and `cohort.proceeds.<currency>` (everything it has paid, net of refunds and
    /// commission), in its cohort: realized lifetime value.
    public static let cohortPrefix = "cohort."

    /// Whether the measure's value on a day is the sum of its contributions up to that day (a state at the
    /// day's end) rather than of that day's alone.
    public static func isStock(_ measure: String) -> Bool {
        measure.hasPrefix(activePrefix) || measure.hasPrefix(mrrPrefix)
    }

    /// Millionths of a minor unit per minor unit, for `mrr.*`.
    public static let mrrScale: Int64 = 1_000_000
}
