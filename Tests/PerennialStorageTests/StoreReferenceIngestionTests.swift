import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// A store's names for a subscription (Google Play's purchase tokens) travel in the `FactBatch` and are
/// recorded by the ingestion, on each database: in the same write as the facts, so an ingestion that fails
/// leaves no name behind, and the first record of a name stays.
@Suite("Store references recorded by the ingestion's write")
struct StoreReferenceIngestionTests {
    static let first = Fixtures.key("tok-1", store: .playStore)

    static func batch(_ transaction: String, references: [String], purchasedAt: Int64 = 1_000) -> FactBatch {
        FactBatch(
            transactions: [Fixtures.transaction(
                transaction, original: first.id, purchasedAt: purchasedAt, expiresAt: purchasedAt + 9_000, store: .playStore
            )],
            storeReferences: references.map { StoreReference(subscription: first, reference: $0) }
        )
    }

    static func subscription(named reference: String, in world: IdentityWorld) async throws -> SubscriptionKey? {
        try await world.ledger.read { try await $0.subscription(appID: "app", store: .playStore, reference: reference) }
    }

    @Test(arguments: TestDatabase.available)
    func referencesAreRecordedWithTheFactsAndTheFirstRecordStays(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            try await world.ingestor.ingest(Self.batch("GPA.1", references: ["tok-1"]), app: IdentityWorld.app, appUserID: "ann")
            #expect(try await Self.subscription(named: "tok-1", in: world) == Self.first)
            #expect(try await world.subscriptions(of: "ann") == ["tok-1"])

            // An upgrade told by a notification: its new token names the same subscription, and is its newest.
            world.clock.set(Fixtures.instant(2_000))
            try await world.ingestor.ingestForOwners(Self.batch("GPA.2", references: ["tok-2"], purchasedAt: 2_000), app: IdentityWorld.app)
            #expect(try await Self.subscription(named: "tok-2", in: world) == Self.first)
            #expect(try await world.ledger.read { try await $0.latestStoreReference(appID: "app", subscription: Self.first) } == "tok-2")

            // A later batch naming the token for another subscription changes nothing.
            var other = FactBatch()
            other.storeReferences = [StoreReference(subscription: Fixtures.key("tok-9", store: .playStore), reference: "tok-2")]
            try await world.ingestor.ingestForOwners(other, app: IdentityWorld.app)
            #expect(try await Self.subscription(named: "tok-2", in: world) == Self.first)
        }
    }

    @Test(arguments: TestDatabase.available)
    func anIngestionThatFailsRecordsNoReference(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            var app = IdentityWorld.app
            app.transferPolicy = .keepWithOriginal
            try await world.ingestor.ingest(Self.batch("GPA.1", references: ["tok-1"]), app: app, appUserID: "ann")

            // Another customer sends an upgrade of ann's subscription; the app keeps it with ann, so the
            // ingestion is refused, and the new token it named is not recorded either.
            world.clock.set(Fixtures.instant(2_000))
            await #expect(throws: PerennialError.self) {
                try await world.ingestor.ingest(Self.batch("GPA.2", references: ["tok-2"], purchasedAt: 2_000), app: app, appUserID: "bob")
            }
            #expect(try await Self.subscription(named: "tok-2", in: world) == nil)
            #expect(try await world.ledger.read { try await $0.latestStoreReference(appID: "app", subscription: Self.first) } == "tok-1")
            #expect(try await world.ledger.read { try await $0.transactions(appID: "app", subscription: Self.first) }.count == 1)
        }
    }
}
