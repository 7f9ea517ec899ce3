import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct LifecycleTests {
    @Test func trialConvertsAndRenewsWithContiguousPeriods() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        #expect(purchase.transactionID == purchase.originalTransactionID)

        var response = await simulator.verify(purchase.receiptData)
        #expect(response.status == 0)
        let trial = try #require(response.latestReceiptInfo?.first)
        #expect(trial.fields.string("is_trial_period") == "true")
        #expect(trial.purchaseDate == Fixture.start)
        #expect(trial.expiresDate == Fixture.instant(days: 7))
        #expect(response.receipt?.inApp.count == 1)

        await simulator.advance(days: 7 + 31 + 1)  // trial ends 01-22; renewals on 01-22 and 02-22
        response = await simulator.verify(purchase.receiptData)
        let items = try #require(response.latestReceiptInfo)
        #expect(items.count == 3)
        #expect(Set(items.compactMap(\.transactionID)).count == 3)
        #expect(Set(items.compactMap(\.webOrderLineItemID)).count == 3)
        #expect(items.allSatisfy { $0.originalTransactionID == purchase.originalTransactionID })
        #expect(items[0].fields.string("is_trial_period") == "false")
        #expect(items[2].fields.string("is_trial_period") == "true")
        for index in 0..<(items.count - 1) {
            #expect(items[index].purchaseDate == items[index + 1].expiresDate)
        }
        #expect(items[1].purchaseDate == Fixture.instant(days: 7))
        #expect(items[1].expiresDate == Instant(milliseconds: 1_708_560_000_000))  // 2024-02-22
        #expect(items[0].expiresDate == Instant(milliseconds: 1_711_065_600_000))  // 2024-03-22
        let summary = try await simulator.subscription(originalTransactionID: purchase.originalTransactionID)
        #expect(summary.renewalCount == 2)
        #expect(summary.status == "active")
        #expect(await simulator.kinds(account: "alice") == [.purchase, .renewal, .renewal])
        #expect(await simulator.report(account: "alice").events[1].details["trial_converted"] == "true")
    }

    @Test func billingFailureEntersGracePeriodThenRecovers() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let id = purchase.originalTransactionID
        try await simulator.setBillingFailing(originalTransactionID: id, failing: true)
        await simulator.advance(days: 32)  // expired 2024-02-15

        let expiry = Instant(milliseconds: 1_707_955_200_000)
        var response = await simulator.verify(purchase.receiptData)
        var pending = try #require(response.pendingRenewalInfo?.first)
        #expect(pending.fields.string("is_in_billing_retry_period") == "1")
        #expect(pending.fields.string("auto_renew_status") == "1")
        #expect(pending.gracePeriodExpiresDate == expiry.adding(milliseconds: 16 * Fixture.day))
        #expect(pending.fields.string("grace_period_expires_date_pst") != nil)
        #expect(pending.fields.string("grace_period_expires_date")?.hasSuffix("Etc/GMT") == true)
        #expect(response.latestReceiptInfo?.count == 1)
        #expect(try await simulator.subscription(originalTransactionID: id).status == "grace_period")

        let now = await simulator.now()
        try await simulator.setBillingFailing(originalTransactionID: id, failing: false)
        response = await simulator.verify(purchase.receiptData)
        let latest = try #require(response.latestReceiptInfo?.first)
        #expect(response.latestReceiptInfo?.count == 2)
        #expect(latest.purchaseDate == now)
        #expect(latest.originalTransactionID == id)
        pending = try #require(response.pendingRenewalInfo?.first)
        #expect(pending.isInBillingRetryPeriod == nil)
        #expect(pending.gracePeriodExpiresDate == nil)
        #expect(
            await simulator.kinds(account: "alice") == [.purchase, .billingFailure, .gracePeriod, .recovery])
    }

    @Test func billingRetryGivesUpAfterSixtyDays() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.setBillingFailing(originalTransactionID: purchase.originalTransactionID, failing: true)
        await simulator.advance(days: 31 + 59)
        #expect(try await simulator.subscription(originalTransactionID: purchase.originalTransactionID).status == "billing_retry")
        await simulator.advance(days: 2)
        let pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.fields.string("expiration_intent") == "2")
        #expect(pending.fields.string("is_in_billing_retry_period") == "0")
        #expect(pending.fields.string("auto_renew_status") == "0")
        let expiry = try #require(await simulator.report(account: "alice").events.last)
        #expect(expiry.kind == .expiry)
        #expect(expiry.occurredAt == Instant(milliseconds: 1_707_955_200_000).adding(milliseconds: 60 * Fixture.day))
    }

    @Test func autoRenewOffExpiresAtPeriodEndWithIntentOne() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
        var pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.fields.string("auto_renew_status") == "0")
        #expect(pending.expirationIntent == nil)
        await simulator.advance(days: 40)
        let response = await simulator.verify(purchase.receiptData)
        pending = try #require(response.pendingRenewalInfo?.first)
        #expect(pending.fields.string("expiration_intent") == "1")
        #expect(response.latestReceiptInfo?.count == 1)
        #expect(await simulator.kinds(account: "alice") == [.purchase, .autoRenewOff, .expiry])
    }

    @Test func declinedPriceIncreaseExpiresWithIntentThree() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let id = purchase.originalTransactionID
        try await simulator.priceIncrease(originalTransactionID: id, action: .notify)
        var pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.priceConsentStatus == "0")
        try await simulator.priceIncrease(originalTransactionID: id, action: .decline)
        await simulator.advance(days: 32)
        pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.fields.string("expiration_intent") == "3")
        #expect(pending.priceConsentStatus == nil)
    }

    @Test func consentedPriceIncreaseRenews() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.priceIncrease(originalTransactionID: purchase.originalTransactionID, action: .consent)
        #expect(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first?.priceConsentStatus == "1")
        await simulator.advance(days: 32)
        let response = await simulator.verify(purchase.receiptData)
        #expect(response.latestReceiptInfo?.count == 2)
        #expect(response.pendingRenewalInfo?.first?.priceConsentStatus == nil)
    }

    @Test func unavailableProductExpiresWithIntentFour() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.setProductAvailability(bundleID: Fixture.bundleID, productID: "pro.monthly", available: false)
        await simulator.advance(days: 32)
        let pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.fields.string("expiration_intent") == "4")
        await #expect(throws: SimulatorError.self) {
            try await simulator.purchase(account: "bob", bundleID: Fixture.bundleID, productID: "pro.monthly")
        }
    }

    @Test func introOfferCoversItsPeriodsThenFullPrice() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.yearly", offer: .intro)
        await simulator.advance(days: 95)  // three intro months, then the first year
        let items = try #require(await simulator.verify(purchase.receiptData).latestReceiptInfo)
        #expect(items.count == 4)
        #expect(items.map { $0.fields.string("is_in_intro_offer_period") } == ["false", "true", "true", "true"])
        #expect(items[3].expiresDate == Instant(milliseconds: 1_707_955_200_000))  // 2024-02-15
        #expect(items[0].expiresDate == Instant(milliseconds: 1_744_675_200_000))  // 2025-04-15
        await #expect(throws: SimulatorError.self) {
            try await simulator.setAutoRenew(originalTransactionID: "nope", enabled: false)
        }
    }

    @Test func introductoryOfferIsOncePerGroup() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        try await simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
        await simulator.advance(days: 8)
        let error = await #expect(throws: SimulatorError.self) {
            try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        }
        #expect(error?.code == "not_eligible")
        let again = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        #expect(again.originalTransactionID == purchase.originalTransactionID)
        #expect(again.transactionID != purchase.transactionID)
        #expect(try await simulator.subscription(originalTransactionID: again.originalTransactionID).status == "active")
    }

    @Test func oneTimePurchasesAppearInInAppOnly() async throws {
        let simulator = try Fixture.simulator()
        let first = try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "coins")
        _ = try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "coins")
        _ = try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "lifetime")
        let error = await #expect(throws: SimulatorError.self) {
            try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "lifetime")
        }
        #expect(error?.code == "already_owned")
        var response = await simulator.verify(first.receiptData)
        #expect(response.receipt?.inApp.count == 3)
        #expect(response.latestReceiptInfo == nil)
        #expect(response.pendingRenewalInfo == nil)
        #expect(response.latestReceipt == nil)

        _ = try await simulator.purchase(account: "carol", bundleID: Fixture.bundleID, productID: "pro.monthly")
        response = await simulator.verify(first.receiptData)
        #expect(response.receipt?.inApp.count == 4)
        #expect(response.latestReceiptInfo?.count == 1)
        let latest = try #require(response.latestReceipt)
        #expect(await Fixture.opaqueValue(of: latest) == Fixture.opaqueValue(of: first.receiptData))
    }
}
