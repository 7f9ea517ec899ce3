import Foundation
import Logging
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The effects a fold decides are written with it, in the same write, and performed by the job runner.
@Suite("Effects: the outbox")
struct EffectOutboxTests {
    static func app(_ policy: TransferPolicy = .transfer) -> AppSettings {
        var app = AppSettings(
            id: "forest", bundleID: "com.example.forest",
            catalog: Catalog(products: [Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"])]),
            publicAPIKey: "pk_test_0123456789abcdef", secretAPIKey: "sk_test_0123456789abcdef"
        )
        app.transferPolicy = policy
        return app
    }

    static let key = SubscriptionKey(store: .appStore, id: "1000")

    /// Runs `body` with a migrated in-memory database, its ledger and job queue, on a clock at day 1.
    func withDatabase(_ body: (SQLLedger, SQLJobQueue, FixedClock) async throws -> Void) async throws {
        let connection = try await PerennialDatabase.open(url: "sqlite::memory:")
        do {
            _ = try await Migrations.migrate(connection)
            let clock = FixedClock(Facts.day(1))
            try await body(SQLLedger(database: connection), SQLJobQueue(database: connection, clock: clock), clock)
        } catch {
            await connection.shutdown()
            throw error
        }
        await connection.shutdown()
    }

    @Test func aStatusCheckFollowsTheStateAndARolledBackWriteLeavesNone() async throws {
        try await withDatabase { ledger, jobs, clock in
            let ingestor = FactIngestor(ledger: ledger, clock: clock)
            let key = Self.key

            try await ingestor.ingest(FactBatch(transactions: [Facts.period("1000", from: 0, to: 30)]), app: Self.app(), appUserID: "ann")
            var queued = try await jobs.jobs(limit: 10)
            #expect(queued.map(\.kind) == [SubscriptionCheckJob.jobKind])
            #expect(queued.map(\.runAt) == [Facts.day(30)], "checked again when the period ends")

            // A renewal moves the one check to the new period's end.
            try await ingestor.ingest(FactBatch(transactions: [Facts.period("1001", original: "1000", from: 30, to: 60)]),
                                      app: Self.app(), appUserID: "ann")
            queued = try await jobs.jobs(limit: 10)
            #expect(queued.map(\.runAt) == [Facts.day(60)])

            // A write refused half-way (another customer, and the app keeps subscriptions with their owner)
            // rolls back with its effects.
            await #expect(throws: PerennialError.self) {
                try await ingestor.ingest(FactBatch(transactions: [Facts.period("1002", original: "1000", from: 60, to: 90)]),
                                          app: Self.app(.keepWithOriginal), appUserID: "bob")
            }
            #expect(try await jobs.jobs(limit: 10) == queued)

            // When the period ends, the runner folds again: the stored state follows the clock.
            clock.advance(milliseconds: 60 * 86_400_000)
            let runner = JobRunner(
                queue: jobs, handlers: [SubscriptionCheckJob(apps: AppDirectory(apps: [Self.app()]), ingestor: ingestor)],
                policy: JobRetryPolicy(base: .seconds(1), maximum: .seconds(1), maximumAttempts: 2), clock: clock,
                logger: TestLogging.logger("test"))
            #expect(try await runner.runOnce())
            let state = try await ledger.read { try await $0.subscriptionState(appID: "forest", subscription: key) }
            #expect(state?.status == .expired)
            #expect(try await jobs.jobs(limit: 10).isEmpty, "an ended subscription changes only with new facts")
        }
    }

    /// A read that finds a state time has overtaken folds it once and stores it, with its events, and the
    /// check that was waiting for that instant is withdrawn.
    @Test func aReadAfterTheStateChangedByItselfStoresTheFold() async throws {
        try await withDatabase { ledger, jobs, clock in
            let key = Self.key
            let written = try await FactIngestor(ledger: ledger, clock: clock).ingest(
                FactBatch(transactions: [Facts.period("1000", from: 0, to: 30)], renewalInfos: [Facts.renewal(observedOn: 1, willRenew: false)]),
                app: Self.app(), appUserID: "ann")
            #expect(written.subscriptions.map(\.status) == [.active], "the write answers what it wrote")
            #expect(written.entitlements.map(\.identifier) == ["pro"])

            clock.advance(milliseconds: 39 * 86_400_000)
            let view = try await CustomerService(ledger: ledger, clock: clock).customer(app: Self.app(), appUserID: "ann")
            #expect(view?.subscriptions.map(\.status) == [.expired])
            let stored = try await ledger.read { try await $0.subscriptionState(appID: "forest", subscription: key) }
            #expect(stored?.status == .expired, "the read stored its fold")
            let events = try await ledger.read { try await $0.events(appID: "forest", appUserID: "ann", limit: 10) }
            #expect(events.map(\.event.kind) == [.initialPurchase, .autoRenewDisabled, .expiration])
            #expect(try await jobs.jobs(limit: 10).isEmpty, "the check waiting for the period's end is withdrawn")
        }
    }
}
