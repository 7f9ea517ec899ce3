/// An event still owed to the webhook endpoint.
struct StripeSimulatedPendingDelivery: Sendable, Hashable {
    var eventID: String
    /// Failed attempts so far.
    var attempts: Int
    var firstAttemptAt: Int64?
    var nextAttemptAt: Int64

    /// Delays between attempts (simulator seconds): 1 minute, growing 4× each time, at most 6 hours;
    /// delivery stops 3 days after the first attempt (Stripe's live-mode rule).
    static func delay(afterAttempts attempts: Int) -> Int64 {
        var delay: Int64 = 60
        for _ in 1..<max(1, attempts) { delay = min(delay * 4, 6 * 3_600) }
        return delay
    }

    /// How long after the first attempt delivery is given up.
    static let window: Int64 = 3 * 86_400
}
