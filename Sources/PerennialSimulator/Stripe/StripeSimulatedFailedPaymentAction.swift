/// What Stripe does to a subscription when the last smart retry of an invoice fails (the account's
/// "Manage failed payments" setting).
public enum StripeSimulatedFailedPaymentAction: String, Sendable, Hashable {
    /// Cancel the subscription (`cancellation_details.reason` `payment_failed`).
    case cancel
    /// Mark it `unpaid`: it stays, creating invoices that are not attempted.
    case unpaid
}
