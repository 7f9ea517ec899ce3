import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct NotificationTypeTests {
    @Test func subscriptionLifecycleSendsApplesTypes() async throws {
        let sender = RecordingSender()
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false)
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        let id = purchase.originalTransactionID
        await simulator.advance(days: 8)  // trial converts on 01-22
        try await simulator.setAutoRenew(originalTransactionID: id, enabled: false)
        try await simulator.setAutoRenew(originalTransactionID: id, enabled: true)
        try await simulator.setBillingFailing(originalTransactionID: id, failing: true)
        await simulator.advance(days: 31)  // fails on 02-22, grace until 03-09
        await simulator.advance(days: 16)
        try await simulator.setBillingFailing(originalTransactionID: id, failing: false)
        try await simulator.changeProduct(originalTransactionID: id, to: "basic.monthly")
        try await simulator.changeProduct(originalTransactionID: id, to: "pro.monthly")
        try await simulator.changeProduct(originalTransactionID: id, to: "plus.monthly")
        try await simulator.priceIncrease(originalTransactionID: id, action: .notify)
        try await simulator.priceIncrease(originalTransactionID: id, action: .consent)
        try await simulator.refund(originalTransactionID: id)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        await simulator.deliverDueNotifications()

        let received = try await NotificationFixture.received(sender, simulator)
        #expect(
            NotificationFixture.kinds(received) == [
                "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "GRACE_PERIOD_EXPIRED",
                "DID_RENEW/BILLING_RECOVERY", "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_CHANGE_RENEWAL_PREF",
                "DID_CHANGE_RENEWAL_PREF/UPGRADE", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED", "REFUND",
                "SUBSCRIBED/RESUBSCRIBE", "ONE_TIME_CHARGE",
            ])
        let statuses = received.map { $0.payload.data?.status?.rawValue }
        #expect(statuses == [1, 1, 1, 1, 4, 3, 1, 1, 1, 1, 1, 1, 5, 1, nil])
        #expect(received.allSatisfy { $0.payload.version == "2.0" && $0.payload.data?.environment == .sandbox })
        #expect(received.allSatisfy { $0.payload.data?.bundleId == Fixture.bundleID })
        #expect(received.allSatisfy { $0.payload.data?.appAppleId == nil })
        #expect(Set(received.compactMap(\.payload.notificationUUID)).count == received.count)
        #expect(received.allSatisfy { UUID(uuidString: $0.payload.notificationUUID ?? "") != nil })

        #expect(received[0].transaction?.offerDiscountType == .freeTrial)
        #expect(received[0].payload.signedDate == Fixture.start)
        #expect(received[1].transaction?.transactionReason == .renewal)
        #expect(received[1].payload.signedDate == Fixture.instant(days: 7))
        #expect(received[2].renewalInfo?.autoRenewStatus == .off)
        #expect(received[4].renewalInfo?.isInBillingRetryPeriod == true)
        #expect(received[4].renewalInfo?.gracePeriodExpiresDate != nil)
        #expect(received[6].transaction?.transactionReason == .renewal)
        #expect(received[7].renewalInfo?.autoRenewProductId == "basic.monthly")
        #expect(received[8].renewalInfo?.autoRenewProductId == "pro.monthly")
        let upgrade = received[9]
        #expect(upgrade.transaction?.productId == "plus.monthly")
        #expect(upgrade.transaction?.transactionReason == .purchase)
        #expect(upgrade.renewalInfo?.productId == "plus.monthly")
        #expect(received[10].renewalInfo?.priceIncreaseStatus == .customerHasNotResponded)
        #expect(received[11].renewalInfo?.priceIncreaseStatus == .customerConsentedOrWasNotified)
        #expect(received[12].transaction?.revocationDate != nil)
        #expect(received[14].transaction?.type == .consumable)
        #expect(received[14].renewalInfo == nil)
    }

    @Test func expiriesCarryTheirReason() async throws {
        let sender = RecordingSender()
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false, grace: 0)
        let voluntary = try await simulator.purchase(account: "a", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.setAutoRenew(originalTransactionID: voluntary.originalTransactionID, enabled: false)
        let billing = try await simulator.purchase(account: "b", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.setBillingFailing(originalTransactionID: billing.originalTransactionID, failing: true)
        let price = try await simulator.purchase(account: "c", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await simulator.priceIncrease(originalTransactionID: price.originalTransactionID, action: .decline)
        _ = try await simulator.purchase(account: "d", bundleID: Fixture.bundleID, productID: "basic.monthly")
        try await simulator.setProductAvailability(bundleID: Fixture.bundleID, productID: "basic.monthly", available: false)
        await simulator.advance(days: 31 + 61)
        await simulator.deliverDueNotifications()

        let received = try await NotificationFixture.received(sender, simulator)
        let byAccount = Dictionary(grouping: received) { $0.transaction?.originalTransactionId ?? "" }
        func kinds(_ purchase: PurchaseResult) -> [String] {
            NotificationFixture.kinds(byAccount[purchase.originalTransactionID] ?? [])
        }
        #expect(kinds(voluntary) == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY"])
        #expect(kinds(billing) == ["SUBSCRIBED/INITIAL_BUY", "DID_FAIL_TO_RENEW", "EXPIRED/BILLING_RETRY"])
        #expect(kinds(price) == ["SUBSCRIBED/INITIAL_BUY", "EXPIRED/PRICE_INCREASE"])
        #expect(received.contains { NotificationFixture.kinds([$0]) == ["EXPIRED/PRODUCT_NOT_FOR_SALE"] })
        let expired = try #require(byAccount[billing.originalTransactionID]?.last)
        #expect(expired.payload.data?.status == .expired)
        #expect(expired.renewalInfo?.expirationIntent == .billingError)
    }

    @Test func familySharingNotifiesTheMember() async throws {
        let sender = RecordingSender()
        let simulator = try NotificationFixture.simulator(sender: sender, v1: false)
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let shared = try await simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "bob")
        try await simulator.stopSharing(originalTransactionID: purchase.originalTransactionID, member: "bob")
        await simulator.deliverDueNotifications()
        let received = try await NotificationFixture.received(sender, simulator)
        let member = received.filter { $0.transaction?.originalTransactionId == shared.originalTransactionID }
        #expect(NotificationFixture.kinds(member) == ["SUBSCRIBED/INITIAL_BUY", "REVOKE"])
        #expect(member.allSatisfy { $0.transaction?.inAppOwnershipType == .familyShared })
        #expect(member.last?.transaction?.revocationType == .familyRevoke)
        #expect(member.last?.payload.data?.status == .revoked)
    }
}
