import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialServices
import Testing

/// A store that exists only in these files goes through the whole pipeline — its adapter, real HTTP routes,
/// the database, the engine's decisions and their effects — with no change anywhere else.
@Suite("A new store is an adapter")
struct TestStoreLifecycleTests {
    static func day(_ n: Double) -> Int64 {
        TestHarness.start.adding(milliseconds: Int64(n * 86_400_000)).milliseconds
    }

    static func order(_ id: String, from: Double, to: Double) -> TestStoreDocument.Order {
        .init(id: id, startMs: day(from), endMs: day(to), refundedMs: nil, acknowledged: false)
    }

    /// The test store's backend and the harness around Perennial.
    struct World: Sendable {
        let backend: TestStoreBackend
        let harness: TestHarness

        func update(_ change: @Sendable (inout TestStoreDocument) -> Void) async throws {
            var document = try await backend.document("sub_1")
            change(&document)
            document.asOfMs = harness.clock.now().milliseconds
            await backend.put(document)
        }

        func notify(secret: String = TestStoreBackend.secret) async throws -> Int {
            let body = try await backend.notification("sub_1", secret: secret)
            return try await harness.client.execute(
                uri: "/v1/test_store/notifications/forest", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: body)
            ) { Int($0.status.code) }
        }

        func subscription() async throws -> JSONObject {
            let (status, customer) = try await harness.customer("ann")
            #expect(status == 200)
            return customer["subscriptions"][0]
        }

        func hasPro() async throws -> Bool {
            try await !harness.customer("ann").body["entitlements"].array.isEmpty
        }
    }

    @Test func purchaseRenewalBillingRetryPauseAndRefund() async throws {
        let backend = TestStoreBackend()
        let adapter = TestStoreAdapter(backend: backend)
        try await TestHarness.run(
            stores: [adapter], makeStoreRoutes: { [TestStoreRoutes(adapter: adapter, ingestor: $0)] }
        ) { harness in
            let store = World(backend: backend, harness: harness)
            await backend.put(TestStoreDocument(
                subscriptionID: "sub_1", appUserID: "ann", productID: "pro.monthly", orders: [Self.order("o1", from: 0, to: 30)],
                autoRenew: true, billingRetry: false, asOfMs: Self.day(0)))

            // Purchase: the app names it, Perennial asks the store, the customer is entitled.
            let payload = try JSONSerialization.data(withJSONObject: ["app_user_id": "ann", "subscription_id": "sub_1"])
            let status = try await harness.client.execute(
                uri: "/v1/test_store/purchases", method: .post,
                headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"],
                body: ByteBuffer(bytes: payload)
            ) { Int($0.status.code) }
            #expect(status == 200)
            var subscription = try await store.subscription()
            #expect(subscription["store"].string == "test_store")
            #expect(subscription["subscription_id"].string == "sub_1")
            #expect(subscription["original_transaction_id"].string == nil, "the App Store's name for the id is not this store's")
            #expect(subscription["state"].string == "active")
            #expect(try await store.hasPro())

            // The engine decided an acknowledgement; the outbox's job performs it once.
            #expect(await backend.acknowledged.isEmpty)
            #expect(try await harness.stack.runner.runOnce())
            #expect(await backend.acknowledged == ["o1"])
            #expect(try await harness.stack.runner.runOnce() == false, "acknowledged: nothing more is due")

            // Renewal, told by a notification.
            await harness.advance(days: 30)
            try await store.update { $0.orders.append(Self.order("o2", from: 30, to: 60)) }
            #expect(try await store.notify() == 200)
            subscription = try await store.subscription()
            #expect(subscription["renewal_count"].int == 1)
            #expect(try await harness.stack.runner.runOnce())
            #expect(await backend.acknowledged == ["o1", "o2"])

            // Billing retry with a grace period: access continues.
            await harness.advance(days: 30.5)
            try await store.update { $0.billingRetry = true; $0.graceUntilMs = Self.day(63) }
            #expect(try await store.notify() == 200)
            #expect(try await store.subscription()["state"].string == "grace_period")
            #expect(try await store.hasPro())

            // The grace period ends with no word from the store: the check the engine scheduled folds again.
            await harness.advance(days: 3)
            #expect(try await harness.stack.runner.runOnce())
            #expect(try await store.subscription()["state"].string == "billing_retry")
            #expect(try await store.hasPro() == false)

            // Recovered, then paused: no access until it resumes.
            try await store.update {
                $0.billingRetry = false; $0.graceUntilMs = nil
                $0.orders.append(Self.order("o3", from: 63.5, to: 93.5))
            }
            #expect(try await store.notify() == 200)
            #expect(try await store.subscription()["state"].string == "active")
            await harness.advance(days: 29)
            try await store.update { $0.pausedUntilMs = Self.day(123.5) }
            await harness.advance(days: 2)
            #expect(try await store.notify() == 200)
            subscription = try await store.subscription()
            #expect(subscription["state"].string == "paused")
            #expect(subscription["resumes_at"].string != nil)
            #expect(try await store.hasPro() == false)

            // Refunded.
            try await store.update { $0.pausedUntilMs = nil; $0.orders[2].refundedMs = Self.day(94) }
            #expect(try await store.notify() == 200)
            #expect(try await store.subscription()["state"].string == "revoked")

            // A forged notification changes nothing.
            #expect(try await store.notify(secret: "guess") == 401)

            #expect(try await harness.eventTypes("ann") == [
                "initial_purchase", "renewal", "billing_issue", "grace_period_started", "renewal", "billing_recovered",
                "paused", "revocation",
            ])
        }
    }
}
