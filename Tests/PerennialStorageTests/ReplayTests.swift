import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialStorage
import Synchronization
import Testing

/// `perennial replay` on each database: a stored state that its facts do not give is found by a dry run
/// (which writes nothing) and rebuilt by a replay, page after page; subscriptions nobody owns are left alone.
@Suite("Replay")
struct ReplayTests {
    /// Subscriptions `sub-a`, `sub-b` and `sub-c` of `user-0` to `user-2`, and `orphan`, whose facts nobody
    /// has sent proof of.
    static func threeOwnedAndAnOrphan(_ connection: PerennialDatabase) async throws -> IdentityWorld {
        let world = try IdentityWorld(database: connection)
        for (index, id) in ["a", "b", "c"].enumerated() {
            try await world.purchase("sub-\(id)", by: "user-\(index)")
        }
        let orphan = Fixtures.transaction("orphan", original: "orphan", purchasedAt: 1_000, expiresAt: 10_000)
        try await world.ledger.write { session in
            try await session.saveTransactions(appID: IdentityWorld.app.id, [orphan], recordedAt: Fixtures.instant(1_000))
        }
        return world
    }

    /// Pages written one after another, and three at once (as on PostgreSQL).
    static let concurrencies = [1, 3]

    @Test(arguments: TestDatabase.available, concurrencies)
    func aStateItsFactsDoNotGiveIsFoundAndRebuilt(database: TestDatabase, concurrency: Int) async throws {
        try await database.withDatabase { connection in
            let world = try await Self.threeOwnedAndAnOrphan(connection)
            let app = IdentityWorld.app
            let replay = ReplayService(ledger: world.ledger, clock: world.clock, pageSize: 2, concurrency: concurrency)

            let clean = try await replay.replay(app: app, dryRun: true)
            #expect((clean.subscriptions, clean.changed, clean.unowned) == (4, 0, 1))

            // A state written by hand (never done by Perennial: the kind of damage replay repairs).
            let key = SubscriptionKey(store: .appStore, id: "sub-b")
            try await world.ledger.write { session in
                var state = try #require(try await session.subscriptionState(appID: app.id, subscription: key))
                #expect(state.status == .active)
                state.status = .revoked
                try await session.saveSubscription(appID: app.id, ownerAppUserID: "user-1", state: state, updatedAt: world.clock.now())
            }
            let found = try await replay.replay(app: app, dryRun: true)
            #expect((found.subscriptions, found.changed, found.unowned) == (4, 1, 1))
            let stillDamaged = try await world.ledger.read { try await $0.subscriptionState(appID: app.id, subscription: key) }
            #expect(stillDamaged?.status == .revoked)

            let repaired = try await replay.replay(app: app, dryRun: false)
            #expect((repaired.subscriptions, repaired.changed, repaired.unowned) == (4, 1, 1))
            let state = try await world.ledger.read { try await $0.subscriptionState(appID: app.id, subscription: key) }
            #expect(state?.status == .active)
            let orphanState = try await world.ledger.read {
                try await $0.subscriptionState(appID: app.id, subscription: SubscriptionKey(store: .appStore, id: "orphan"))
            }
            #expect(orphanState == nil)

            let again = try await replay.replay(app: app, dryRun: true)
            #expect(again.changed == 0)
        }
    }

    /// After the upgrade that added the rollups (an app with history, its rollups empty and marked), the
    /// metrics answer 503 until the start-up rebuild, which writes only the contributions, and then give what
    /// the facts give; a second start rebuilds nothing.
    @Test(arguments: TestDatabase.available, concurrencies)
    func theStartUpRebuildFillsTheRollupsOnce(database: TestDatabase, concurrency: Int) async throws {
        try await database.withDatabase { connection in
            let world = try IdentityWorld(database: connection)
            let app = IdentityWorld.app
            try await world.ledger.write { session in
                try await session.saveApp(AppRecord(id: app.id, bundleID: app.bundleID, sealedCredentials: Data(), updatedAt: world.clock.now()))
            }
            // user-0 owns a subscription of each page: two pages at once both refresh their lifetime value.
            for (index, id) in ["a", "b", "c"].enumerated() {
                try await world.purchase("sub-\(id)", by: "user-\(index % 2)")
            }
            let replay = ReplayService(ledger: world.ledger, clock: world.clock, pageSize: 2, concurrency: concurrency)
            let metrics = MetricsService(ledger: world.ledger)
            let day = CivilDate(utcDayOf: world.clock.now())
            let before = try await metrics.series(app: app, name: "new_subscriptions", from: day, through: day, interval: .day)
            #expect(before?.first?.values["paid"] == 3)

            try await world.ledger.write { try await $0.beginMetricRollupRebuild(appID: app.id) }
            await #expect(throws: PerennialError.self) {
                _ = try await metrics.series(app: app, name: "new_subscriptions", from: day, through: day, interval: .day)
            }
            // While it runs, /health says so with its progress; its end clears that.
            let health = AppHealth()
            let shown = Mutex<[String]>([])
            let rebuilt = try #require(try await replay.rebuildMetricsIfNeeded(app: app, health: health, logger: Logger(label: "test")) { _ in
                let message = await health.current()[app.id]?.first { $0.code == ReplayService.metricsRebuildingProblem }?.message
                shown.withLock { $0.append(message ?? "") }
            })
            #expect(shown.withLock { $0 }.count == 2)
            #expect(shown.withLock { $0 }.last?.contains("3 subscriptions so far") == true)
            #expect(await health.current()[app.id] == nil)
            #expect((rebuilt.subscriptions, rebuilt.changed) == (3, 0))
            let after = try await metrics.series(app: app, name: "new_subscriptions", from: day, through: day, interval: .day)
            #expect(after == before)
            #expect(try await replay.rebuildMetricsIfNeeded(app: app) == nil)
        }
    }
}
