import Logging
import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayAdapter
import PerennialOutbound
import PerennialServices

/// Google Play wired for the configured apps: a Developer API client and push expectations per app, the
/// store adapter, and the purchase service behind `POST /v1/google/purchases`.
struct GooglePlay {
    let adapter: GooglePlayAdapter
    let purchases: PlayPurchaseService
    let connections: PlayConnections
    let ledger: any Ledger
    let clock: any Clock

    init(
        settings: [String: GooglePlaySettings], ledger: any Ledger, jobs: any JobQueue, secrets: SecretBox,
        transport: any HTTPTransport, retryPolicy: RetryPolicy, timeout: Duration, clock: any Clock, logger: Logger,
        purchasePatience: Duration
    ) {
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
            connections: connections, ledger: ledger, jobs: jobs, secrets: secrets, clock: clock, logger: logger,
            patience: purchasePatience
        )
    }

    /// The job that pulls each pulling app's RTDN from Pub/Sub.
    func pullJob(apps: AppDirectory, notifications: StoreNotificationService) -> any JobHandler {
        PlayPubSubPullJob(apps: apps, connections: connections, notifications: notifications)
    }

    /// The job that sweeps each app's voided purchases.
    func voidedSweepJob(apps: AppDirectory, ingestor: FactIngestor) -> any JobHandler {
        PlayVoidedSweepJob(apps: apps, connections: connections, ledger: ledger, ingestor: ingestor, clock: clock)
    }
}
