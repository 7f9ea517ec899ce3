/// How one attempt to collect an invoice ended.
enum StripeSimulatedPaymentOutcome: Sendable, Hashable {
    case paid
    case failed
    case actionRequired
}
