/// What a customer keeps while Stripe retries a failed renewal (`past_due`), chosen per app.
public enum StripePastDueAccess: String, Sendable, Hashable, Codable {
    /// Access continues while Stripe still plans another attempt: a grace period.
    case grace
    /// Access stops when the paid period ends: billing retry without access.
    case none
}
