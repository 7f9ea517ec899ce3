import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct RefundAndFamilyTests {
    @Test func refundCancelsTheLatestTransactionAndRevokes() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 3)
        let now = await simulator.now()
        let event = try await simulator.refund(originalTransactionID: purchase.originalTransactionID, reason: "1")
        #expect(event.kind == .refund)
        #expect(event.transactionID == purchase.transactionID)

        await simulator.advance(days: 60)
        let response = await simulator.verify(purchase.receiptData)
        let item = try #require(response.latestReceiptInfo?.first)
        #expect(response.latestReceiptInfo?.count == 1)
        #expect(item.cancellationDate == now)
        #expect(item.cancellationReason == "1")
        #expect(response.pendingRenewalInfo?.first?.fields.string("auto_renew_status") == "0")
        #expect(try await simulator.subscription(originalTransactionID: purchase.originalTransactionID).status == "revoked")

        let again = await #expect(throws: SimulatorError.self) {
            try await simulator.refund(originalTransactionID: purchase.originalTransactionID)
        }
        #expect(again?.code == "already_cancelled")
    }

    @Test func refundOfAnOlderTransactionKeepsTheSubscription() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 32)
        try await simulator.refund(originalTransactionID: purchase.originalTransactionID, transactionID: purchase.transactionID)
        let summary = try await simulator.subscription(originalTransactionID: purchase.originalTransactionID)
        #expect(summary.status == "active")
        let items = try #require(await simulator.verify(purchase.receiptData).latestReceiptInfo)
        #expect(items[0].cancellationDate == nil)
        #expect(items[1].cancellationReason == "0")
    }

    @Test func refundOfAConsumable() async throws {
        let simulator = try Fixture.simulator()
        let coins = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        try await simulator.refund(originalTransactionID: coins.transactionID)
        let item = try #require(await simulator.verify(coins.receiptData).receipt?.inApp.first)
        #expect(item.cancellationDate == Fixture.start)
    }

    @Test func familySharingMirrorsPeriodsAndRevokes() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let shared = try await simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "bob")
        #expect(shared.originalTransactionID != purchase.originalTransactionID)
        #expect(shared.receiptData != purchase.receiptData)

        var member = await simulator.verify(shared.receiptData)
        let item = try #require(member.latestReceiptInfo?.first)
        #expect(item.inAppOwnershipType == "FAMILY_SHARED")
        #expect(item.originalTransactionID == shared.originalTransactionID)
        #expect(item.transactionID == shared.originalTransactionID)
        #expect(item.purchaseDate == Fixture.start)
        #expect(item.expiresDate == Instant(milliseconds: 1_707_955_200_000))
        let purchaser = await simulator.verify(purchase.receiptData)
        #expect(purchaser.latestReceiptInfo?.first?.inAppOwnershipType == "PURCHASED")

        await simulator.advance(days: 32)
        member = await simulator.verify(shared.receiptData)
        #expect(member.latestReceiptInfo?.count == 2)
        #expect(member.latestReceiptInfo?.first?.expiresDate == Instant(milliseconds: 1_710_460_800_000))  // 2024-03-15
        #expect(member.pendingRenewalInfo?.first?.originalTransactionID == shared.originalTransactionID)

        let now = await simulator.now()
        let revoked = try await simulator.stopSharing(originalTransactionID: purchase.originalTransactionID, member: "bob")
        #expect(revoked.status == "revoked")
        member = await simulator.verify(shared.receiptData)
        #expect(member.latestReceiptInfo?.allSatisfy { $0.cancellationDate == now } == true)
        await simulator.advance(days: 40)
        #expect(await simulator.verify(shared.receiptData).latestReceiptInfo?.count == 2)
        #expect(await simulator.verify(purchase.receiptData).latestReceiptInfo?.count == 3)
        #expect(await simulator.kinds(account: "bob") == [.familyShare, .renewal, .familyRevoke])
    }

    @Test func onlyFamilyShareableProductsCanBeShared() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "plus.monthly")
        let error = await #expect(throws: SimulatorError.self) {
            try await simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "bob")
        }
        #expect(error?.code == "not_family_shareable")
    }

    @Test func upgradingToAnUnshareableProductRevokesMembers() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let shared = try await simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "bob")
        try await simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "plus.monthly")
        #expect(try await simulator.subscription(originalTransactionID: shared.originalTransactionID).status == "revoked")
    }
}
