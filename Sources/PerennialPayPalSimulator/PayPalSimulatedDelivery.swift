import PerennialCore

/// An event on its way to one webhook: PayPal retries a delivery that gets no 2xx, up to 25 times over
/// about three days.
struct PayPalSimulatedDelivery: Sendable {
    var event: PayPalSimulatedEvent
    var webhookID: String
    var url: String
    var attempt = 0
    var due: Instant

    static let maximumAttempts = 25

    /// When to try again after `attempt` failed: 1, 2, 4 … minutes, at most three hours apart.
    func retry(after now: Instant) -> Instant {
        let minutes = min(Int64(1) << Int64(min(max(attempt - 1, 0), 20)), 180)
        return Instant(milliseconds: now.milliseconds + minutes * 60_000)
    }
}
