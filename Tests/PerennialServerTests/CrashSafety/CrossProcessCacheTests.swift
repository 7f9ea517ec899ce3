import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialCore
import PerennialOutbound
import PerennialServer
import PerennialServices
@testable import PerennialStorage
import Testing

/// Two servers on one PostgreSQL database, each with its customer cache: a write by one reaches the other's
/// cache through `LISTEN`/`NOTIFY`, so a refund processed by one is never served as active by the other
/// beyond the delivery of the notification, measured here (the writer's answer → invalidation seen); and a
/// cache whose listener is lost serves nothing until it is back.
///
/// Nested in the crash-safety suite, which runs its tests one at a time: this one timed out at two minutes
/// while the two-server crash run loaded both cores beside it.
extension CrashSafetyTests {
    @Suite("Customer cache across processes")
    struct CrossProcessCacheTests {
        @Test(.enabled(if: CrashSafetyDatabase.postgresURL != nil, "PERENNIAL_TEST_POSTGRES_URL is not set"), .timeLimit(.minutes(4)))
        func aRefundWrittenByAnotherServerIsNotServedAsActive() async throws {
            try await Self.withTwoServers { harness, other, cache in
                #expect(cache.requiresListener)
                try await Self.scenario(harness, other: other, cache: cache)
            }
        }

        /// Runs `body` with the harness's server and a second one on a new PostgreSQL database, once the
        /// harness's customer cache listens; `configureApp` as the harness's.
        static func withTwoServers(
            configureApp: @Sendable (inout AppSettings) -> Void = { _ in },
            _ body: @Sendable (TestHarness, PerennialStack, CustomerViewCache) async throws -> Void
        ) async throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-cache-\(UUID().uuidString)")
            let database = try await CrashSafetyDatabase.make(.postgresql, in: directory)
            let key = SecretBox.generateMasterKey()
            // Four connections a server, so the two leave the shared PostgreSQL server room for the suites beside them.
            var server = ServerSettings()
            server.databasePoolSize = 4
            do {
                try await TestHarness.run(configureApp: configureApp, server: server, databaseURL: database.url, masterKey: key) { harness in
                    let cache = try #require(harness.stack.customerCache)
                    try await Self.waitUntil { cache.isServing }
                    let other = try await PerennialStack.open(
                        configuration: harness.configuration, masterKey: key, clock: harness.clock,
                        transport: AsyncHTTPClientTransport(client: .shared)
                    )
                    do {
                        try await body(harness, other, cache)
                    } catch {
                        await other.shutdown()
                        throw error
                    }
                    await other.shutdown()
                }
            } catch {
                await database.dispose()
                throw error
            }
            await database.dispose()
        }

        /// Reads the customer (one entitlement) through this server, which keeps it in its cache. An invalidation
        /// announced by an earlier write may still arrive after the read (under load, the other server's notices
        /// come late) and drop it again: then read again, a few times.
        static func keptAfterRead(_ harness: TestHarness, cache: CustomerViewCache) async throws -> Bool {
            for _ in 0..<20 {
                #expect(try await harness.customer("max").body["entitlements"].array.count == 1)
                if cache.snapshot(appID: "forest", appUserID: "max", at: harness.clock.now()) != nil { return true }
                try await Task.sleep(for: .milliseconds(20))
            }
            return false
        }

        static func scenario(_ harness: TestHarness, other: PerennialStack, cache: CustomerViewCache) async throws {
            let purchase = try await harness.simulator.purchase(account: "max", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "max").status == 200)
            try await Application(router: other.router()).test(.router) { client in
                // Staleness: a write committed by the other server, until this one's cache has dropped what it kept.
                var delays: [Double] = []
                for _ in 0..<40 {
                    #expect(try await keptAfterRead(harness, cache: cache), "kept by this server")
                    let kept = cache.generation
                    try await post(client, receipt: purchase.receiptData)
                    let committed = ContinuousClock.now
                    try await waitUntil { cache.generation != kept }
                    let delay = ContinuousClock.now - committed
                    delays.append(Double(delay.components.seconds) * 1_000 + Double(delay.components.attoseconds) / 1e15)
                }
                delays.sort()
                let p99 = delays[Int(Double(delays.count - 1) * 0.99)]
                print("customer cache across processes: write → invalidation seen, p50 \(delays[delays.count / 2]) ms, p99 \(p99) ms")
                #expect(p99 < 1_000)

                // The refund, processed by the other server, is not served as active here.
                #expect(try await keptAfterRead(harness, cache: cache), "the active customer is kept")
                _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID, reason: "1")
                try await post(client, receipt: try await harness.receipt(account: "max"))
                try await waitUntil { try await harness.customer("max").body["entitlements"].array.isEmpty }
            }

            // The listener's connection dies: the cache serves nothing until it listens again.
            try await harness.stack.database.withSession { session in
                try await session.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")
            }
            try await waitUntil { !cache.isServing }
            #expect(try await harness.customer("max").body["entitlements"].array.isEmpty)
            #expect(cache.snapshot(appID: "forest", appUserID: "max", at: harness.clock.now()) == nil)
            try await waitUntil { cache.isServing }
        }

        static func post(_ client: some TestClientProtocol, receipt: String) async throws {
            let body = try JSONSerialization.data(withJSONObject: ["app_user_id": "max", "receipt_data": receipt])
            let status = try await client.execute(
                uri: "/v1/receipts", method: .post,
                headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
            ) { Int($0.status.code) }
            #expect(status == 200)
        }

        /// Polls `condition` every millisecond for up to five seconds.
        static func waitUntil(_ condition: () async throws -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(5)
            while try await !condition() {
                guard ContinuousClock.now < deadline else {
                    Issue.record("the condition did not hold within 5 s")
                    return
                }
                try await Task.sleep(for: .milliseconds(1))
            }
        }
    }
}
