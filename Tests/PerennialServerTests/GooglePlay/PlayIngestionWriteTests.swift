import Foundation
import Logging
import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayAdapter
import PerennialOutbound
import PerennialServer
import PerennialServices
import PerennialStorage
import Testing

/// A Play purchase token is ingested in one ledger write, as every store's input is: the token's store
/// reference is recorded in the write that stores the facts, so an ingestion that fails (refused, or Google
/// unable to answer for an order) records no token; and a new token costs one read and that write. On
/// SQLite, and on PostgreSQL when `PERENNIAL_TEST_POSTGRES_URL` names one.
@Suite("Google Play: one ledger write per purchase token")
struct PlayIngestionWriteTests {
    typealias Lifecycle = GooglePlayLifecycleTests

    struct World {
        let app: AppSettings
        let google: FakePlayBackend
        let ledger: CountingLedger
        let purchases: PlayPurchaseService

        /// The subscription a recorded token names; nil when it was never recorded.
        func subscription(named token: String) async throws -> SubscriptionKey? {
            try await ledger.base.read { try await $0.subscription(appID: "forest", store: .playStore, reference: token) }
        }

        func submit(_ appUserID: String, token: String) async throws -> PurchaseSubmission {
            try await purchases.submit(app: app, appUserID: appUserID, purchaseToken: token, productID: "pro.monthly")
        }
    }

    static func withWorld(
        _ kind: CrashSafetyDatabase.Kind, transferPolicy: TransferPolicy = .transfer, _ body: (World) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-play-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let prepared = try await CrashSafetyDatabase.make(kind, in: directory)
        let database = try await prepared.open()
        do {
            _ = try await Migrations.migrate(database)
            let clock = FixedClock(TestHarness.start.adding(milliseconds: 60_000))
            let google = FakePlayBackend()
            let settings = try FakePlayBackend.settings()
            let connection = PlayAppConnection(
                client: PlayDeveloperAPIClient(
                    packageName: settings.packageName, baseURL: settings.apiBaseURL,
                    tokens: PlayAccessTokens(key: settings.serviceAccountKey, transport: google, clock: clock), transport: google,
                    retryPolicy: .none
                ),
                push: settings.push, keys: PlayGoogleKeys(url: settings.certsURL, transport: google, clock: clock)
            )
            var app = AppSettings(
                id: "forest", bundleID: "com.example.forest", catalog: TestHarness.catalog(),
                publicAPIKey: TestHarness.publicKey, secretAPIKey: TestHarness.secretKey
            )
            app.transferPolicy = transferPolicy
            let ledger = CountingLedger(base: SQLLedger(database: database))
            let purchases = PlayPurchaseService(
                connections: PlayConnections(["forest": connection]), ledger: ledger, jobs: SQLJobQueue(database: database, clock: clock),
                secrets: try SecretBox(masterKey: SecretBox.generateMasterKey()), clock: clock, logger: TestLogging.logger("play-test"),
                patience: .seconds(60)  // a loaded machine must not turn a slow answer into a pending one here
            )
            try await body(World(app: app, google: google, ledger: ledger, purchases: purchases))
        } catch {
            await database.shutdown()
            await prepared.dispose()
            throw error
        }
        await database.shutdown()
        await prepared.dispose()
    }

    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func aNewPurchaseTokenCostsOneReadAndOneWrite(kind: CrashSafetyDatabase.Kind) async throws {
        try await Self.withWorld(kind) { world in
            await world.google.put("tok-1", Lifecycle.purchase(order: "GPA.1", start: 0, expiry: 30))
            guard case .validated(let customer) = try await world.submit("ann", token: "tok-1") else {
                Issue.record("the purchase was not validated")
                return
            }
            #expect(customer.subscriptions.map(\.key.id) == ["tok-1"])
            // The token's subscription and its recorded periods in one read; the token and the facts in one write.
            #expect(world.ledger.counts == CountingLedger.Counts(writes: 1, reads: 1))
            #expect(try await world.subscription(named: "tok-1") == SubscriptionKey(store: .playStore, id: "tok-1"))

            // The same token again costs the same.
            world.ledger.reset()
            _ = try await world.submit("ann", token: "tok-1")
            #expect(world.ledger.counts == CountingLedger.Counts(writes: 1, reads: 1))
        }
    }

    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func aRefusedUpgradeRecordsNotItsToken(kind: CrashSafetyDatabase.Kind) async throws {
        try await Self.withWorld(kind, transferPolicy: .keepWithOriginal) { world in
            await world.google.put("tok-1", Lifecycle.purchase(order: "GPA.1", start: 0, expiry: 30))
            _ = try await world.submit("ann", token: "tok-1")

            // Another customer posts an upgrade of ann's subscription; the app keeps subscriptions with their
            // first owner, so the ingestion is refused: the new token is not recorded either.
            await world.google.put("tok-2", Lifecycle.purchase(product: "pro.yearly", order: "GPA.2", start: 0.5, expiry: 365, linked: "tok-1"))
            world.ledger.reset()
            let refused = await #expect(throws: PerennialError.self) {
                try await world.submit("bob", token: "tok-2")
            }
            #expect(refused?.errorCode == .subscriptionOwnedByAnotherCustomer)
            #expect(try await world.subscription(named: "tok-2") == nil)
            #expect(world.ledger.counts.writes == 1)

            // Once ann posts it, it is recorded for her subscription.
            _ = try await world.submit("ann", token: "tok-2")
            #expect(try await world.subscription(named: "tok-2") == SubscriptionKey(store: .playStore, id: "tok-1"))
        }
    }

    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func aTokenWhoseOrderGoogleCannotGiveNowIsNotRecordedUntilItIsIngested(kind: CrashSafetyDatabase.Kind) async throws {
        try await Self.withWorld(kind) { world in
            await world.google.put("tok-3", Lifecycle.purchase(order: "GPA.3", start: 0, expiry: 30))
            await world.google.answerOrder("GPA.3", with: HTTPTransportResponse(status: 503))
            guard case .pending = try await world.submit("cy", token: "tok-3") else {
                Issue.record("the purchase was not queued")
                return
            }
            #expect(try await world.subscription(named: "tok-3") == nil)
            #expect(world.ledger.counts.writes == 0)
        }
    }
}
