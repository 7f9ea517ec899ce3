/// How often Stripe pays out automatically: the `interval` of an account's payout schedule.
public enum StripePayoutInterval: String, CaseIterable, Hashable, Sendable {
    /// Each charge is paid out `delay_days` after it is made.
    case daily
    /// The available balance is paid out once a week, on `weekly_anchor`.
    case weekly
    /// The available balance is paid out once a month, on `monthly_anchor`.
    case monthly
    /// No automatic payouts: the account pays out through the Payouts API.
    case manual
}
