import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// The end-to-end story: simulator + server, the app posting the current receipt after each step.
@Suite("End to end: a subscription's life through receipts")
struct SubscriptionLifecycleTests {
    @Test func trialConversionRenewalsGraceRecoveryCancellationExpiry() async throws {
        try await TestHarness.run { harness in
            let simulator = harness.simulator
            let purchase = try await simulator.purchase(
                account: "alice", bundleID: TestHarness.bundleID, productID: "pro.monthly", offer: .trial
            )
            let id = purchase.originalTransactionID

            // 1. Trial.
            var (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "user-1")
            #expect(status == 200)
            #expect(body["status"].string == "validated")
            var pro = body["customer"]["entitlements"].first(where: "identifier", is: "pro")
            #expect(pro["period_type"].string == "trial")
            #expect(pro["will_renew"].bool == true)
            #expect(body["customer"]["subscriptions"][0]["state"].string == "trial")

            // 2. The trial converts into a paid month.
            var summary = try await simulator.subscription(originalTransactionID: id)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            (status, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
            #expect(status == 200)
            var subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "active")
            #expect(subscription["period_type"].string == "normal")
            #expect(subscription["renewal_count"].int == 1)

            // 3. Two renewals.
            for expectedCount in [2, 3] {
                summary = try await simulator.subscription(originalTransactionID: id)
                await harness.advanceTo(summary.expiresAt, plusDays: 1)
                (_, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
                subscription = body["customer"]["subscriptions"][0]
                #expect(subscription["state"].string == "active")
                #expect(subscription["renewal_count"].int == expectedCount)
            }

            // 4. Billing fails at the next renewal: grace period, access kept.
            _ = try await simulator.setBillingFailing(originalTransactionID: id, failing: true)
            summary = try await simulator.subscription(originalTransactionID: id)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            (_, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
            subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "grace_period")
            #expect(!subscription["grace_period_expires_at"].isNull)
            pro = body["customer"]["entitlements"].first(where: "identifier", is: "pro")
            #expect(pro["in_grace_period"].bool == true)
            #expect(!pro["billing_issue_detected_at"].isNull)

            // 5. The customer fixes their payment method: recovered.
            // Time passes between steps, as it does for a real customer: renewal-info snapshots are dated by
            // the App Store's request_date, and two snapshots of the same millisecond are one.
            await harness.advance(days: 0.5)
            _ = try await simulator.setBillingFailing(originalTransactionID: id, failing: false)
            (_, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
            subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "active")
            pro = body["customer"]["entitlements"].first(where: "identifier", is: "pro")
            #expect(pro["in_grace_period"].bool == false)

            // 6. Auto-renew off: still active, will not renew.
            await harness.advance(days: 0.5)
            _ = try await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
            (_, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
            subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "active")
            #expect(subscription["will_renew"].bool == false)

            // 7. The period ends: expired, voluntarily, no entitlement.
            summary = try await simulator.subscription(originalTransactionID: id)
            await harness.advanceTo(summary.expiresAt, plusDays: 1)
            (_, body) = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "user-1")
            subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "expired")
            #expect(subscription["expiration_reason"].string == "voluntary")
            #expect(body["customer"]["entitlements"].array.isEmpty)

            // The same answer from the customer endpoint, and the whole story in the events.
            let (customerStatus, customer) = try await harness.customer("user-1")
            #expect(customerStatus == 200)
            #expect(customer["subscriptions"][0]["state"].string == "expired")
            let events = try await harness.eventTypes("user-1")
            #expect(events == [
                "initial_purchase", "trial_started", "trial_converted", "renewal", "renewal", "billing_issue",
                "grace_period_started", "renewal", "billing_recovered", "auto_renew_disabled", "expiration",
            ])
        }
    }

    @Test func theCustomerEndpointFollowsTimeWithoutNewReceipts() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(
                account: "bob", bundleID: TestHarness.bundleID, productID: "pro.monthly"
            )
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            _ = try await harness.postReceipt(try await harness.receipt(account: "bob"), appUserID: "user-2")
            var (_, customer) = try await harness.customer("user-2")
            #expect(customer["entitlements"].array.count == 1)
            await harness.advance(days: 40)
            (_, customer) = try await harness.customer("user-2")
            #expect(customer["entitlements"].array.isEmpty)
            #expect(customer["subscriptions"][0]["state"].string == "expired")
            #expect(customer["subscriptions"][0]["expiration_reason"].string == "voluntary")
        }
    }
}

extension TestHarness {
    /// Moves simulated time to `days` after an instant.
    func advanceTo(_ instant: Instant, plusDays days: Double) async {
        let target = instant.adding(milliseconds: Int64(days * 86_400_000))
        let now = clock.now()
        if target > now { _ = await simulator.advanceClock(by: .milliseconds(target.milliseconds - now.milliseconds)) }
    }
}
