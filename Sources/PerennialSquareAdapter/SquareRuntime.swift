import PerennialServices
import PerennialSquare
import PerennialStoreModule

/// Square wired for the configured apps: an API client per app and the store adapter.
struct SquareRuntime: StoreRuntime {
    let adapter: any StoreAdapter

    init(settings: [String: SquareSettings], context: StoreContext) {
        let connections = settings.mapValues { app in
            SquareConnection(settings: app, client: SquareAPIClient(
                accessToken: app.accessToken, baseURL: app.apiBaseURL, version: app.squareVersion, transport: context.transport,
                retryPolicy: context.retryPolicy, timeout: context.timeout))
        }
        adapter = SquareAdapter(connections: connections, ledger: context.ledger, clock: context.clock)
    }
}
