import PerennialCore
import PerennialOutbound
import PerennialHTTP
import PerennialServices
import PerennialStripe
import PerennialStripeAdapter
import PerennialStoreModule

/// Stripe wired for the configured apps: an API client per app (its key, base URL and version), the store
/// adapter, and the Checkout and billing-portal services behind the Stripe routes.
struct StripeRuntime: StoreRuntime {
    let adapter: any StoreAdapter
    let stripeRoutes: StripeRoutes
    let webCheckout: (any WebCheckout)?

    init(settings: [String: StripeSettings], context: StoreContext) {
        let (ledger, transport, retryPolicy, clock) = (context.ledger, context.transport, context.retryPolicy, context.clock)
        let connections = StripeConnections(settings.mapValues { app in
            StripeAppConnection(settings: app, client: StripeAPIClient(
                secretKey: app.secretKey, baseURL: app.apiBaseURL ?? StripeAPIClient.stripeBaseURL,
                apiVersion: app.apiVersion ?? StripeAPIClient.pinnedAPIVersion, transport: transport, retryPolicy: retryPolicy
            ))
        })
        adapter = StripeAdapter(connections: connections, ledger: ledger, clock: clock)
        let checkout = StripeCheckoutService(connections: connections, ledger: ledger)
        stripeRoutes = StripeRoutes(checkout: checkout, portal: StripePortalService(connections: connections, ledger: ledger))
        webCheckout = checkout
    }

    /// Checkout and the billing portal.
    func routes(_ services: StoreServices) -> [any StoreRoutes] {
        [stripeRoutes]
    }
}
