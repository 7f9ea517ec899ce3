import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ProductChangeTests {
    @Test func upgradeIsImmediateAndCancelsTheCurrentTransaction() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 10)
        let now = await simulator.now()
        let change = try await simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "plus.monthly")
        #expect(change.kind == .upgrade)
        #expect(change.immediate)

        let response = await simulator.verify(purchase.receiptData)
        let items = try #require(response.latestReceiptInfo)
        #expect(items.count == 2)
        #expect(items[0].productID == "plus.monthly")
        #expect(items[0].transactionID == change.transactionID)
        #expect(items[0].purchaseDate == now)
        #expect(items[0].originalTransactionID == purchase.originalTransactionID)
        #expect(items[1].cancellationDate == now)
        #expect(items[1].fields.string("is_upgraded") == "true")
        #expect(items[0].fields.string("is_upgraded") == nil)
        #expect(response.pendingRenewalInfo?.first?.productID == "plus.monthly")
        #expect(await simulator.kinds(account: "alice") == [.purchase, .upgrade])
    }

    @Test func downgradeWaitsForTheNextRenewal() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let change = try await simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "basic.monthly")
        #expect(change.kind == .downgrade)
        #expect(!change.immediate)
        #expect(change.transactionID == purchase.transactionID)

        var pending = try #require(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first)
        #expect(pending.productID == "pro.monthly")
        #expect(pending.autoRenewProductID == "basic.monthly")
        await simulator.advance(days: 32)
        let response = await simulator.verify(purchase.receiptData)
        #expect(response.latestReceiptInfo?.first?.productID == "basic.monthly")
        #expect(response.latestReceiptInfo?.last?.cancellationDate == nil)
        pending = try #require(response.pendingRenewalInfo?.first)
        #expect(pending.productID == "basic.monthly")
        #expect(pending.autoRenewProductID == "basic.monthly")
    }

    @Test func crossgradeToAnotherDurationWaitsToTheSameDurationIsImmediate() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let id = purchase.originalTransactionID
        let yearly = try await simulator.changeProduct(originalTransactionID: id, to: "pro.yearly")
        #expect(yearly.kind == .crossgrade)
        #expect(!yearly.immediate)
        #expect(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first?.autoRenewProductID == "pro.yearly")

        // Back to the current product withdraws the pending change.
        let back = try await simulator.changeProduct(originalTransactionID: id, to: "pro.monthly")
        #expect(back.immediate)
        #expect(await simulator.verify(purchase.receiptData).pendingRenewalInfo?.first?.autoRenewProductID == "pro.monthly")

        let promo = try await simulator.changeProduct(originalTransactionID: id, to: "pro.monthly.promo")
        #expect(promo.kind == .crossgrade)
        #expect(promo.immediate)
        let items = try #require(await simulator.verify(purchase.receiptData).latestReceiptInfo)
        #expect(items.first?.productID == "pro.monthly.promo")
        #expect(items.last?.fields.string("is_upgraded") == "true")
        #expect(
            await simulator.kinds(account: "alice") == [.purchase, .crossgrade, .productChangeCancelled, .crossgrade])

        let error = await #expect(throws: SimulatorError.self) {
            try await simulator.changeProduct(originalTransactionID: id, to: "coins")
        }
        #expect(error?.code == "invalid_request")
    }

    @Test func buyingAnotherProductOfTheGroupIsAProductChange() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let upgrade = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "plus.monthly")
        #expect(upgrade.originalTransactionID == purchase.originalTransactionID)
        #expect(upgrade.productChange?.kind == .upgrade)
        #expect(await simulator.report(account: "alice").subscriptions.count == 1)
    }
}
