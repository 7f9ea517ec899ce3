import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialStripe
import PerennialStripeAdapter
import PerennialStripeRoutes

/// Stripe wired for the configured apps: an API client per app (its key, base URL and version), the store
/// adapter, and the Checkout and billing-portal services behind the Stripe routes.
struct Stripe {
    let adapter: StripeAdapter
    let routes: StripeRoutes

    init(settings: [String: StripeSettings], ledger: any Ledger, transport: any HTTPTransport, retryPolicy: RetryPolicy, clock: any Clock) {
        let connections = StripeConnections(settings.mapValues { app in
            StripeAppConnection(settings: app, client: StripeAPIClient(
                secretKey: app.secretKey, baseURL: app.apiBaseURL ?? StripeAPIClient.stripeBaseURL,
                apiVersion: app.apiVersion ?? StripeAPIClient.pinnedAPIVersion, transport: transport, retryPolicy: retryPolicy
            ))
        })
        adapter = StripeAdapter(connections: connections, ledger: ledger, clock: clock)
        routes = StripeRoutes(
            checkout: StripeCheckoutService(connections: connections, ledger: ledger),
            portal: StripePortalService(connections: connections, ledger: ledger)
        )
    }
}
