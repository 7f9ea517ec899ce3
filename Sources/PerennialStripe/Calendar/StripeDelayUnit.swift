/// What Stripe's `delay_days` counts. Stripe "calculates the delay in business days or calendar days,
/// depending on the connected accounts' country" (https://docs.stripe.com/connect/manage-payout-schedule);
/// the US, for example, counts business days.
public enum StripeDelayUnit: String, CaseIterable, Hashable, Sendable {
    /// Monday to Friday; weekends are skipped (bank holidays vary by country and are not modelled).
    case businessDays = "business_days"
    /// Every day counts.
    case calendarDays = "calendar_days"
}
