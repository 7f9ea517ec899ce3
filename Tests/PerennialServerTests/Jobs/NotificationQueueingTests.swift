import Foundation
import Logging
import Synchronization
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// A notification whose processing fails for a passing reason is answered 200 once stored, and a job
/// finishes it; one whose processing was interrupted (stored, never settled) is found and finished too.
@Suite("Notification processing jobs")
struct NotificationQueueingTests {
    /// Verifies every notification as a renewal of subscription 1000, after failing `failures` times as
    /// "unavailable" (an OCSP responder that cannot be reached, say).
    actor FlakyVerifier: SignedNotificationVerifier {
        var failures: Int

        init(failures: Int) { self.failures = failures }

        func verify(signedPayload: String, app: AppSettings) async throws -> VerifiedStoreNotification {
            if failures > 0 {
                failures -= 1
                throw PerennialError(.retryableVerificationFailure, "try later")
            }
            return VerifiedStoreNotification(
                notificationUUID: "uuid-\(signedPayload)", notificationType: "DID_RENEW", subtype: nil,
                facts: FactBatch(transactions: [Facts.period("1001", from: 30, to: 60)])
            )
        }
    }

    /// A ledger whose grouped writes fail `failures` times, as a database that is briefly unreachable.
    final class FlakyLedger: Ledger {
        let base: any Ledger
        let failures: Mutex<Int>

        init(base: any Ledger, failures: Int) {
            self.base = base
            self.failures = Mutex(failures)
        }

        func write<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
            try await base.write(body)
        }

        func groupedWrite<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
            let fails = failures.withLock { count in
                defer { count = max(0, count - 1) }
                return count > 0
            }
            if fails { throw StorageError(.databaseUnavailable, "the database is briefly unreachable") }
            return try await base.groupedWrite(body)
        }

        func read<Result: Sendable>(_ body: @escaping @Sendable (any LedgerSession) async throws -> Result) async throws -> Result {
            try await base.read(body)
        }

        func customerWithSubscriptions(appID: String, appUserID: String) async throws -> CustomerSnapshot? {
            try await base.customerWithSubscriptions(appID: appID, appUserID: appUserID)
        }
    }

    struct World {
        let app: AppSettings
        let inbox: SQLNotificationInbox
        let jobs: SQLJobQueue
        let service: StoreNotificationService
        let runner: JobRunner
        let scheduler: MaintenanceScheduler
        let customers: CustomerService
        let secrets: SecretBox
        let clock: FixedClock
    }

    func withWorld(
        failures: Int, ledgerFailures: Int = 0, _ body: @Sendable (World) async throws -> Void
    ) async throws {
        let connection = try await PerennialDatabase.open(url: "sqlite::memory:")
        do {
            _ = try await Migrations.migrate(connection)
            let clock = FixedClock(Facts.day(31))
            let ledger = SQLLedger(database: connection)
            let jobs = SQLJobQueue(database: connection, clock: clock)
            let inbox = SQLNotificationInbox(database: connection)
            let secrets = try SecretBox(masterKey: SecretBox.generateMasterKey())
            let app = AppSettings(
                id: "forest", bundleID: "com.example.forest",
                catalog: Catalog(products: [Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"])]),
                publicAPIKey: "pk_test_0123456789abcdef", secretAPIKey: "sk_test_0123456789abcdef"
            )
            let apps = AppDirectory(apps: [app])
            let service = StoreNotificationService(
                inbox: inbox, jobs: jobs, ledger: FlakyLedger(base: ledger, failures: ledgerFailures),
                adapters: StoreAdapters([AppStoreAdapter(signedNotifications: FlakyVerifier(failures: failures), clock: clock)]),
                secrets: secrets, clock: clock,
                logger: TestLogging.logger("test")
            )
            try await FactIngestor(ledger: ledger, clock: clock)
                .ingest(FactBatch(transactions: [Facts.period("1000", from: 0, to: 30)]), app: app, appUserID: "ann")
            let world = World(
                app: app, inbox: inbox, jobs: jobs, service: service,
                runner: JobRunner(
                    queue: jobs, handlers: [NotificationProcessingJob(apps: apps, service: service)],
                    policy: JobRetryPolicy(base: .seconds(1), maximum: .seconds(1), maximumAttempts: 5), clock: clock, logger: TestLogging.logger("test")
                ),
                scheduler: MaintenanceScheduler(apps: apps, schedule: SQLPollSchedule(database: connection), jobs: jobs, inbox: inbox, clock: clock, logger: TestLogging.logger("test")),
                customers: CustomerService(ledger: ledger, clock: clock), secrets: secrets, clock: clock
            )
            try await body(world)
        } catch {
            await connection.shutdown()
            throw error
        }
        await connection.shutdown()
    }

    static let body = Data(#"{"signedPayload":"a.b.c"}"#.utf8)

    func renewalCount(_ world: World) async throws -> Int? {
        try await world.customers.customer(app: world.app, appUserID: "ann")?.subscriptions.first?.renewalCount
    }

    @Test func aPassingFailureIsAcknowledgedQueuedAndFinishedByAJob() async throws {
        try await withWorld(failures: 2) { world in
            let acknowledgement = try await world.service.receive(app: world.app, store: .appStore, body: Self.body)
            #expect(acknowledgement.isQueued)
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.received])
            #expect(try await renewalCount(world) == 0)

            #expect(try await world.runner.runOnce(), "the job runs, verification fails once more, it is retried")
            world.clock.advance(milliseconds: 1_000)
            #expect(try await world.runner.runOnce())
            #expect(try await world.jobs.work().isEmpty)
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.processed])
            #expect(try await renewalCount(world) == 1)

            // The store's own retry of the same body is now a repeat.
            let repeated = try await world.service.receive(app: world.app, store: .appStore, body: Self.body)
            #expect(repeated.isRepeat)
            #expect(!repeated.isQueued)
        }
    }

    /// A notification that verifies is stored, ingested and settled in one write; when that write fails for
    /// a passing reason, the body is stored on its own, the store is answered, and a job finishes it.
    @Test func aFailedSingleWriteStoresTheBodyAloneAndAJobFinishesIt() async throws {
        try await withWorld(failures: 0, ledgerFailures: 2) { world in
            let acknowledgement = try await world.service.receive(app: world.app, store: .appStore, body: Self.body)
            #expect(acknowledgement.isQueued)
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.received])
            #expect(try await renewalCount(world) == 0)
            #expect(try await world.runner.runOnce())
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.processed])
            #expect(try await renewalCount(world) == 1)
        }
    }

    @Test func aVerifiedNotificationIsSettledInOneWrite() async throws {
        try await withWorld(failures: 0) { world in
            let acknowledgement = try await world.service.receive(app: world.app, store: .appStore, body: Self.body)
            #expect(!acknowledgement.isQueued && !acknowledgement.isRepeat)
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.processed])
            #expect(try await renewalCount(world) == 1)
            let repeated = try await world.service.receive(app: world.app, store: .appStore, body: Self.body)
            #expect(repeated.isRepeat)
            #expect(try await renewalCount(world) == 1)
            #expect(try await world.jobs.jobs(limit: 10).allSatisfy { $0.kind != StoreNotificationService.jobKind })
        }
    }

    @Test func anInterruptedNotificationIsFoundAndFinished() async throws {
        try await withWorld(failures: 0) { world in
            // Stored, then the process died before processing it and before answering the store.
            _ = try await world.inbox.receive(InboundNotification(
                appID: "forest", notificationID: "interrupted", store: .appStore, version: 2,
                receivedAt: world.clock.now(), sealedBody: try world.secrets.seal(Self.body)
            ))
            #expect(try await world.scheduler.tick() == 0, "not yet: it may still be in flight")
            world.clock.advance(milliseconds: 301_000)
            #expect(try await world.scheduler.tick() == 1)
            #expect(try await world.scheduler.tick() == 1, "found again, but its job is already waiting")
            #expect(try await world.jobs.jobs(limit: 10).count == 1)
            #expect(try await world.runner.runOnce())
            #expect(try await world.inbox.notifications(appID: "forest", limit: 10).map(\.status) == [.processed])
            #expect(try await renewalCount(world) == 1)
            #expect(try await world.scheduler.tick() == 0)
        }
    }
}
