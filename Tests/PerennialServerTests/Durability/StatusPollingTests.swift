import Crypto
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices
import PerennialSimulator
import Testing

/// Status polling learns renewals, auto-renew changes and expiries without the app launching and without a
/// notification (none is configured in these tests).
@Suite("Status polling")
struct StatusPollingTests {
    static func polling(_ app: inout AppSettings) {
        app.apple?.statusPolling = StatusPollingSettings(
            criteria: PollCriteria(interval: .seconds(3_600), lookahead: .seconds(86_400), recentlyEnded: .seconds(86_400)),
            requestsPerSecond: 2
        )
    }

    @Test func aRenewalAndAnAutoRenewChangeAreLearntThroughTheServerAPI() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), configureApp: Self.polling) { harness in
            let purchase = try await harness.simulator.purchase(account: "pia", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postTransaction(try #require(purchase.signedTransactionInfo), appUserID: "pia").status == 200)
            // A month away from expiry: nothing to poll yet.
            #expect(try await harness.stack.scheduler.tick() == 0)

            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 0.5)
            #expect(try await harness.customer("pia").body["subscriptions"][0]["renewal_count"].int == 0)
            #expect(try await harness.stack.scheduler.tick() == 1)
            #expect(try await harness.drainJobs(step: .seconds(1)).isEmpty)
            let renewed = try await harness.customer("pia").body["subscriptions"][0]
            #expect(renewed["renewal_count"].int == 1)
            #expect(renewed["state"].string == "active")

            // Polled once per interval: a second tick at once schedules nothing.
            let next = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            #expect(try await harness.stack.scheduler.tick() == 0)
            // Before the next period ends, the poll learns that the customer turned auto-renew off.
            await harness.advanceTo(next.expiresAt, plusDays: -0.5)
            #expect(try await harness.stack.scheduler.tick() == 1)
            #expect(try await harness.drainJobs(step: .seconds(1)).isEmpty)
            let turnedOff = try await harness.customer("pia").body["subscriptions"][0]
            #expect(turnedOff["will_renew"].bool == false)
            #expect(turnedOff["state"].string == "active")
        }
    }

    @Test func anExpiryIsLearntThroughVerifyReceiptWhenTheAppHasNoServerAPIKey() async throws {
        try await TestHarness.run(configureApp: Self.polling) { harness in
            let purchase = try await harness.simulator.purchase(account: "quinn", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "quinn").status == 200)
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            let summary = try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            await harness.advanceTo(summary.expiresAt, plusDays: 0.25)
            #expect(try await harness.stack.scheduler.tick() == 1)
            #expect(try await harness.drainJobs().isEmpty)
            let subscription = try await harness.customer("quinn").body["subscriptions"][0]
            #expect(subscription["state"].string == "expired")
            #expect(subscription["will_renew"].bool == false)
            #expect(subscription["expiration_reason"].string == "voluntary")
        }
    }

    @Test func pollsArePacedAtTheAppsRate() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), configureApp: Self.polling) { harness in
            var expiries: [Instant] = []
            for account in ["r1", "r2", "r3"] {
                let purchase = try await harness.simulator.purchase(account: account, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                #expect(try await harness.postTransaction(try #require(purchase.signedTransactionInfo), appUserID: account).status == 200)
                expiries.append(try await harness.simulator.subscription(originalTransactionID: purchase.originalTransactionID).expiresAt)
            }
            await harness.advanceTo(try #require(expiries.min()), plusDays: -0.5)
            #expect(try await harness.stack.scheduler.tick() == 3)
            let runAts = try await harness.stack.jobs.work(limit: 10).map(\.runAt.milliseconds).sorted()
            #expect(zip(runAts, runAts.dropFirst()).allSatisfy { $1 - $0 == 500 }, "two requests per second: \(runAts)")
        }
    }
}
