/// The measures subscriptions contribute to (`MetricContribution`), named once.
public enum MetricMeasure {
    /// A subscription in this state at the end of the day: `active.trial`, `active.paid` (active or
    /// introductory), `active.grace_period`, `active.billing_retry`.
    public static let activePrefix = "active."
    /// Monthly recurring revenue at the end of the day, `mrr.<currency>`, in millionths of a minor unit.
    public static let mrrPrefix = "mrr."
    /// `new.trials`, `new.paid` (started without a trial), `new.conversions` (a trial's first paid period),
    /// `new.converted_trials` (a trial that later converted, on the trial's first day).
    public static let newPrefix = "new."
    /// `churn.voluntary`, `churn.involuntary`, `churn.refunded`, `churn.other`: a paid subscription ended.
    public static let churnPrefix = "churn."
    /// Paid periods after a subscription's first.
    public static let renewals = "renewals"
    /// `revenue.price.<currency>`, `revenue.proceeds.<currency>` (net of refunds), `revenue.refunded.<currency>`,
    /// `revenue.refunds` (how many), on the day each happened; `revenue.sales` and `revenue.refunded_sales` (those
    /// refunded since), on the sale's day.
    public static let revenuePrefix = "revenue."
    /// `revenue_lines.<currency>`: how many revenue lines (sales and refunds) had their proceeds in the currency,
    /// for the payout forecast's count of lines per payment.
    public static let revenueLinesPrefix = "revenue_lines."
    /// `retention.live.<n>` and `retention.ended.<n>`: a subscription with `n` consecutive paid periods so
    /// far, still going or not, in its cohort.
    public static let retentionPrefix = "retention."
    /// `cohort.subscriptions` and `cohort.proceeds.<currency>` (everything it has paid, net of refunds and
    /// commission), in its cohort: realized lifetime value.
    public static let cohortPrefix = "cohort."
    /// A change of a subscription's MRR on a day, `mrr_movement.<kind>.<currency>` in millionths of a minor
    /// unit, kind `new`, `reactivation`, `expansion`, `contraction` or `churn` (`MRRMovement`).
    public static let mrrMovementPrefix = "mrr_movement."
    /// `billing.issues`, `billing.recovered`, `billing.recovered_in_grace`, `billing.days_to_recover`,
    /// `billing.lost` (`BillingIssues`).
    public static let billingPrefix = "billing."
    /// A paid subscription with access at the end of the day, by the offer of its period:
    /// `state_mix.standard`, `state_mix.introductory`, `state_mix.promotional`, `state_mix.offer_code`
    /// (`PeriodOffer`).
    public static let stateMixPrefix = "state_mix."
    /// `offers.redemptions.<offer>`, `offers.renewals_after.<offer>`, `offers.proceeds_after.<currency>.<offer>`,
    /// the offer's key (`PeriodOffer.key`) last (`OfferContributions`).
    public static let offersPrefix = "offers."

    /// Whether the measure's value on a day is the sum of its contributions up to that day (a state at the
    /// day's end) rather than of that day's alone.
    public static func isStock(_ measure: String) -> Bool {
        measure.hasPrefix(activePrefix) || measure.hasPrefix(mrrPrefix) || measure.hasPrefix(stateMixPrefix)
    }

    /// Millionths of a minor unit per minor unit, for `mrr.*` and `mrr_movement.*`.
    public static let mrrScale: Int64 = 1_000_000
}
