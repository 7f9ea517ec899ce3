import Foundation
import PerennialCore
@testable import PerennialStorage
import Testing

@Suite("Migrations")
struct MigrationTests {
    @Test(arguments: TestDatabase.available)
    func migratingTwiceIsANoOp(database: TestDatabase) async throws {
        try await database.withDatabase(migrated: false) { connection in
            let first = try await Migrations.migrate(connection)
            let second = try await Migrations.migrate(connection)
            let applied = try await Migrations.appliedVersions(connection)
            #expect(first == Migrations.versions)
            #expect(second == [])
            #expect(applied == Migrations.versions)
            #expect(Migrations.latestVersion == Migrations.versions.last)
            #expect(Migrations.versions.starts(with: [1, 2, 3, 4, 5]))
        }
    }

    @Test(arguments: TestDatabase.shareable)
    func concurrentMigrationsFromTwoConnectionsApplyOnce(database: TestDatabase) async throws {
        try await database.withLocation { location in
            let first = try await PerennialDatabase.open(location, postgresMaximumConnections: 2)
            let second = try await PerennialDatabase.open(location, postgresMaximumConnections: 2)
            do {
                async let a = Migrations.migrate(first)
                async let b = Migrations.migrate(second)
                let applied = try await [a, b]
                #expect(applied.flatMap { $0 }.sorted() == Migrations.versions)
                #expect(try await Migrations.appliedVersions(first) == Migrations.versions)
            } catch {
                await first.shutdown()
                await second.shutdown()
                throw error
            }
            await first.shutdown()
            await second.shutdown()
        }
    }
}

@Suite("Migration 13: price increase consent as a meaning")
struct PriceIncreaseConsentMigrationTests {
    @Test(arguments: TestDatabase.available)
    func storedAppStoreCodesBecomeMeanings(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let fact = RenewalInfoFact(
                store: .appStore, environment: .sandbox, subscriptionID: "1000", productID: "pro",
                priceIncreaseConsent: .agreed, observedAt: Fixtures.instant(1))
            try await ledger.write { try await $0.saveRenewalInfos(appID: "app", [fact], recordedAt: Fixtures.instant(1)) }
            // Written as version 12 wrote it, then carried forward.
            try await connection.withSession { session in
                try await session.execute(
                    #"UPDATE renewal_infos SET body = REPLACE(body, '"priceIncreaseConsent":"agreed"', '"priceConsentStatus":"1"')"#)
                for statement in Migration.priceIncreaseConsent.statements(session.kind) { try await session.execute(statement) }
            }
            let stored = try await ledger.read { try await $0.renewalInfos(appID: "app", subscription: fact.subscriptionKey) }
            #expect(stored.map(\.priceIncreaseConsent) == [.agreed])
        }
    }
}
