import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayAdapter
import PerennialHTTP
import PerennialOutbound
import PerennialServices
import PerennialStoreModule

/// Google Play wired for the configured apps: a Developer API client and push expectations per app, the
/// store adapter, and the purchase service behind `POST /v1/google/purchases`.
struct GooglePlayRuntime: StoreRuntime {
    let adapter: any StoreAdapter
    let purchases: PlayPurchaseService
    let connections: PlayConnections
    let ledger: any Ledger
    let clock: any Clock

    init(settings: [String: GooglePlaySettings], context: StoreContext) {
        let (ledger, transport, clock) = (context.ledger, context.transport, context.clock)
        let (retryPolicy, timeout) = (context.retryPolicy, context.timeout)
        let connections = PlayConnections(settings.mapValues { app in
            PlayAppConnection(
                client: PlayDeveloperAPIClient(
                    packageName: app.packageName, baseURL: app.apiBaseURL,
                    tokens: PlayAccessTokens(key: app.serviceAccountKey, transport: transport, clock: clock),
                    transport: transport, retryPolicy: retryPolicy, timeout: timeout
                ),
                push: app.push, keys: PlayGoogleKeys(url: app.certsURL, transport: transport, clock: clock),
                pull: app.pullSubscription.map { name in
                    PlayPubSubSubscription(
                        name: name, baseURL: app.pubSubBaseURL,
                        tokens: app.pubSubBaseURL.hasPrefix("http://")
                            ? nil : PlayAccessTokens(key: app.serviceAccountKey, transport: transport, clock: clock, pubSub: true),
                        transport: transport
                    )
                },
                statusPolling: app.statusPolling
            )
        })
        self.connections = connections
        self.ledger = ledger
        self.clock = clock
        adapter = GooglePlayAdapter(connections: connections, ledger: ledger, clock: clock)
        purchases = PlayPurchaseService(
            connections: connections, ledger: ledger, jobs: context.jobs, secrets: context.secrets, clock: clock,
            logger: context.logger, patience: context.purchasePatience
        )
    }

    /// A purchase waiting for Google, the voided-purchase sweep, and the pull of RTDN from Pub/Sub.
    func jobHandlers(_ services: StoreServices) -> [any JobHandler] {
        [
            purchases.pendingPurchaseJob(apps: services.apps),
            PlayVoidedSweepJob(apps: services.apps, connections: connections, ledger: ledger, ingestor: services.ingestor, clock: clock),
            PlayPubSubPullJob(apps: services.apps, connections: connections, notifications: services.notifications),
        ]
    }

    /// `POST /v1/google/purchases`.
    func routes(_ services: StoreServices) -> [any StoreRoutes] {
        [GooglePlayRoutes(purchases: purchases)]
    }

    /// An exported Play purchase names its first order (`GPA.…`, a renewal's `..N` suffix dropped); the
    /// Orders API gives the purchase token, which keys the subscription.
    func exportedSubscription(originalTransactionID: String, app: AppSettings) async throws -> SubscriptionKey? {
        let orderID = originalTransactionID.components(separatedBy: "..").first ?? originalTransactionID
        let connection = try connections.connection(for: app)
        let order: PlayOrder
        do {
            order = try await connection.client.order(id: orderID)
        } catch {
            throw error.perennialError
        }
        return order.purchaseToken.map { SubscriptionKey(store: .playStore, id: $0) }
    }

    /// RevenueCat's Android SDK's `fetch_token`: purchase tokens.
    var sdkPurchaseIntake: (any SDKPurchaseIntake)? { GooglePlaySDKIntake(purchases: purchases) }
}
