import PerennialPayPal
import PerennialServices
import PerennialStoreModule

/// PayPal wired for the configured apps: an API client per app and the store adapter.
struct PayPalRuntime: StoreRuntime {
    let adapter: any StoreAdapter

    init(settings: [String: PayPalSettings], context: StoreContext) {
        let connections = settings.mapValues { app in
            PayPalConnection(settings: app, client: PayPalAPIClient(
                credentials: app.credentials, baseURL: app.apiBaseURL, transport: context.transport, retryPolicy: context.retryPolicy,
                timeout: context.timeout, clock: context.clock))
        }
        adapter = PayPalAdapter(connections: connections, transport: context.transport, ledger: context.ledger, clock: context.clock)
    }
}
