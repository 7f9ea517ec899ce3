import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage

/// An app, a ledger on one test database and the services identity tests drive: ingestion (as a store's
/// purchase route does), logins, attributes and erasure.
struct IdentityWorld {
    static let app = AppSettings(
        id: "app", bundleID: "com.example.app",
        catalog: Catalog(products: [
            Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"]),
            Product(id: "price_web", type: .autoRenewable, subscriptionGroup: "web", entitlements: ["pro"], store: .stripe),
        ]),
        publicAPIKey: "public", secretAPIKey: "secret"
    )

    let ledger: SQLLedger
    let clock = FixedClock(Fixtures.instant(1_500))
    let customers: CustomerService
    let identity: IdentityService
    let ingestor: FactIngestor

    init(database: PerennialDatabase) throws {
        ledger = SQLLedger(database: database)
        customers = CustomerService(ledger: ledger, clock: clock)
        identity = IdentityService(
            ledger: ledger, customers: customers, secrets: try SecretBox(masterKey: SecretBox.generateMasterKey()), clock: clock)
        ingestor = FactIngestor(ledger: ledger, clock: clock)
    }

    /// A purchase of `subscription` in `store`, sent by `appUserID` (a receipt, a Play purchase token).
    func purchase(_ subscription: String, by appUserID: String, store: Store = .appStore) async throws {
        let product = store == .stripe ? "price_web" : "pro.monthly"
        let batch = FactBatch(transactions: [
            Fixtures.transaction(subscription, original: subscription, product: product, purchasedAt: 1_000, expiresAt: 10_000, store: store),
        ])
        try await ingestor.ingest(batch, app: Self.app, appUserID: appUserID)
    }

    /// The keys of the subscriptions a customer's view shows.
    func subscriptions(of appUserID: String) async throws -> [String] {
        try await customers.customer(app: Self.app, appUserID: appUserID)?.subscriptions.map(\.key.id) ?? []
    }

    /// The kinds of the customer's events, in order.
    func eventKinds(of appUserID: String) async throws -> [LifecycleEventKind] {
        try await customers.events(app: Self.app, appUserID: appUserID)?.map(\.event.kind) ?? []
    }
}
