import PerennialServices
import PerennialStripe

/// Finds, through the API, the subscription an event's object leads to: an invoice names it
/// (`parent.subscription_details`); a charge reaches its invoice through the invoice payments of its
/// PaymentIntent; a dispute through its charge; a Checkout Session names it, with the app user id it was
/// created for. Nil when the object leads to no subscription (a one-off invoice, a payment-mode session).
struct StripeSubscriptionLocator: Sendable {
    /// A subscription; the invoice the event led to it through (read on the way), and the app user id its
    /// Checkout Session carries, when the event was one.
    struct Located: Sendable, Hashable {
        var subscriptionID: String
        var invoice: StripeInvoice?
        var ownerHint: String?
    }

    let client: StripeAPIClient

    func locate(_ target: StripeEventTarget) async throws -> Located? {
        switch target {
        case .subscription(let id):
            return Located(subscriptionID: id)
        case .invoice(let id):
            return try await subscription(ofInvoice: id)
        case .charge(let id):
            return try await subscription(ofCharge: id)
        case .dispute(let id):
            let dispute = try await callingStripe { () async throws(StripeAPIError) in try await client.dispute(id) }
            guard let charge = dispute.charge?.id else { return nil }
            return try await subscription(ofCharge: charge)
        case .checkoutSession(let id):
            let session = try await callingStripe { () async throws(StripeAPIError) in try await client.checkoutSession(id) }
            guard session.mode == "subscription", let subscription = session.subscription?.id else { return nil }
            return Located(subscriptionID: subscription, ownerHint: session.clientReferenceID ?? session.metadata?[StripeMetadataKey.appUserID])
        case .none:
            return nil
        }
    }

    private func subscription(ofInvoice id: String) async throws -> Located? {
        let invoice = try await callingStripe { () async throws(StripeAPIError) in try await client.invoice(id) }
        return invoice.subscriptionID.map { Located(subscriptionID: $0, invoice: invoice) }
    }

    private func subscription(ofCharge id: String) async throws -> Located? {
        let charge = try await callingStripe { () async throws(StripeAPIError) in try await client.charge(id) }
        guard let paymentIntent = charge.paymentIntent?.id else { return nil }
        let payments = try await callingStripe { () async throws(StripeAPIError) in try await client.invoicePayments(paymentIntent: paymentIntent) }
        guard let invoice = payments.compactMap({ $0.invoice?.id }).sorted().first else { return nil }
        return try await subscription(ofInvoice: invoice)
    }
}
