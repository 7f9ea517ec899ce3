import PerennialCore
import PerennialServices

/// What the App Store says now about one subscription: the Server API's subscription statuses, each signed
/// item verified, as facts. Nil for an app without Server API credentials (the status poll then falls back
/// to verifyReceipt on the owner's latest receipt).
public struct AppStoreStatuses: Sendable {
    let serverAPI: ServerAPIClients
    let verifiers: SignedDataVerifiers
    let ledger: any Ledger
    let clock: any Clock

    /// Statuses asked through each app's Server API client, verified by its signed-data verifiers; `ledger`
    /// tells the environment a subscription was last seen in.
    public init(serverAPI: ServerAPIClients, verifiers: SignedDataVerifiers, ledger: any Ledger, clock: any Clock) {
        self.serverAPI = serverAPI
        self.verifiers = verifiers
        self.ledger = ledger
        self.clock = clock
    }

    /// The subscription's statuses as facts, verified for the environment it was last seen in.
    func facts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        guard let client = serverAPI.client(for: app) else { return nil }
        let state = try await ledger.read { try await $0.subscriptionState(appID: app.id, subscription: subscription) }
        // A subscription Perennial has not seen yet (an import) is read in the environment the app accepts:
        // Production unless the app takes only Sandbox data.
        let accepted: StoreEnvironment = app.apple?.environments.contains("Production") == false ? .sandbox : .production
        let verifier = try verifiers.verifier(for: app, environment: state?.environment ?? accepted)
        return try await StoreHistoryFetcher(client: client, verifier: verifier, clock: clock)
            .statusFacts(originalTransactionID: subscription.id)
    }
}
