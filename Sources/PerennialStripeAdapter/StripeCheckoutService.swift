import PerennialCore
import PerennialServices
import PerennialStripe

/// Starts a web purchase: a Stripe Checkout Session in subscription mode for one of the app's products (a
/// Stripe product of the catalog is named by its price id, `price_…`), for an app user whose id travels in
/// the session and the subscription's metadata, so that the webhooks that follow name the customer. A
/// returning customer's Stripe customer is reused. Nothing is granted here: access comes with the webhooks.
public struct StripeCheckoutService: WebCheckout {
    public var store: Store { .stripe }

    let connections: StripeConnections
    let lookup: StripeCustomerLookup

    public init(connections: StripeConnections, ledger: any Ledger) {
        self.connections = connections
        lookup = StripeCustomerLookup(ledger: ledger)
    }

    /// A new Checkout Session for `appUserID` buying `productID`.
    public func createSession(app: AppSettings, appUserID: String, productID: String) async throws -> StripeCheckoutLink {
        try AppUserIDRule.validated(appUserID)
        // An app that sells nothing on the web says so, whatever product was asked for.
        let connection = try connections.connection(for: app)
        guard let checkout = connection.checkout else {
            throw PerennialError(.stripeNotConfigured, "the app's stripe settings have no checkout success_url and cancel_url")
        }
        guard let product = app.catalog.product(productID, store: .stripe), product.type == .autoRenewable else {
            throw PerennialError(.productNotFound, "the catalog has no Stripe subscription product with this id")
        }
        let client = connection.client
        let customerID = try await lookup.customerID(app: app, appUserID: appUserID, client: client)
        var trialDays: Int?
        if let days = checkout.trialDays, try await lookup.isEligibleForTrial(app: app, appUserID: appUserID, product: product) {
            trialDays = days
        }
        let request = StripeCheckoutSessionRequest(
            priceID: product.id, appUserID: appUserID, customerID: customerID, successURL: checkout.successURL,
            cancelURL: checkout.cancelURL, trialDays: trialDays
        )
        let session = try await callingStripe { () async throws(StripeAPIError) in try await client.createCheckoutSession(request) }
        guard let url = session.url else {
            throw PerennialError(.storeAPIError, "Stripe created Checkout Session \(session.id) without a url")
        }
        return StripeCheckoutLink(id: session.id, url: url)
    }

    /// The web paywall's checkout: a Checkout Session's payment page.
    public func checkoutURL(app: AppSettings, appUserID: String, productID: String) async throws -> String {
        try await createSession(app: app, appUserID: appUserID, productID: productID).url
    }
}
