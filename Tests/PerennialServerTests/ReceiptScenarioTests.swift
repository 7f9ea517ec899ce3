import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// Receipts for the cases beyond the main story: outage, transfer, family sharing, upgrade, refund.
@Suite("Receipt scenarios")
struct ReceiptScenarioTests {
    @Test func anOutageQueuesTheReceiptAndTheWorkerResolvesItWithoutTheAppRetrying() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "erin", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let fault = try await harness.simulator.addFault(.httpStatus(503, body: .html), seconds: 600)
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "user-erin")
            #expect(status == 202)
            #expect(body["status"].string == "pending")
            #expect(body["customer"].isNull)
            #expect(try await harness.customer("user-erin").status == 404)

            // Apple is still down: the job is retried later, nothing is lost.
            #expect(try await harness.stack.runner.runOnce())
            #expect(try await harness.customer("user-erin").status == 404)

            try await harness.simulator.removeFault(id: fault.id)
            await harness.advance(days: 0.01)
            #expect(try await harness.stack.runner.runOnce())
            let (customerStatus, customer) = try await harness.customer("user-erin")
            #expect(customerStatus == 200)
            #expect(customer["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            #expect(try await harness.stack.jobs.work().isEmpty)
        }
    }

    @Test func aReceiptPostedByAnotherCustomerTransfersThePurchase() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "frank", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "$anonymous:1")
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "frank@example.com")
            #expect(status == 200)
            #expect(body["customer"]["entitlements"].array.count == 1)
            let (_, previous) = try await harness.customer("$anonymous:1")
            #expect(previous["entitlements"].array.isEmpty)
            #expect(previous["subscriptions"].array.isEmpty)
            #expect(try await harness.eventTypes("$anonymous:1") == ["initial_purchase", "transferred"])
            #expect(try await harness.eventTypes("frank@example.com") == ["transferred"])
            for customer in ["$anonymous:1", "frank@example.com"] {
                let events = try await harness.send(.get, "/v1/admin/customers/\(customer)/events", key: TestHarness.secretKey)
                let transferred = events.body["events"].first(where: "type", is: "transferred")
                #expect(transferred["details"]["from_app_user_id"].string == "$anonymous:1", "\(events.text)")
                #expect(transferred["details"]["to_app_user_id"].string == "frank@example.com")
            }
        }
    }

    @Test func keepWithOriginalRefusesAnotherCustomersProofAndChangesNothing() async throws {
        try await TestHarness.run(configureApp: { $0.transferPolicy = .keepWithOriginal }) { harness in
            let purchase = try await harness.simulator.purchase(account: "frank", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "$anonymous:1").status == 200)
            let before = try await StoredRowCounts.read(harness.stack)
            let (status, body) = try await harness.postReceipt(purchase.receiptData, appUserID: "frank@example.com")
            #expect(status == 409)
            #expect(body["error"]["code"].string == "subscription_owned_by_another_customer")
            #expect(try await StoredRowCounts.read(harness.stack) == before)
            #expect(try await harness.customer("frank@example.com").status == 404)
            let (_, original) = try await harness.customer("$anonymous:1")
            #expect(original["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "$anonymous:1").status == 200, "its owner may still send it")
        }
    }

    @Test func familySharingGrantsTheMemberWithItsOwnership() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "gina", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.simulator.shareWithFamily(originalTransactionID: purchase.originalTransactionID, member: "hugo")
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "hugo"), appUserID: "user-hugo")
            let pro = body["customer"]["entitlements"].first(where: "identifier", is: "pro")
            #expect(pro["ownership"].string == "family_shared")

            await harness.advance(days: 0.1)
            _ = try await harness.simulator.stopSharing(originalTransactionID: purchase.originalTransactionID, member: "hugo")
            let (_, after) = try await harness.postReceipt(try await harness.receipt(account: "hugo"), appUserID: "user-hugo")
            #expect(after["customer"]["entitlements"].array.isEmpty)
            #expect(after["customer"]["subscriptions"][0]["state"].string == "revoked")
            #expect(after["customer"]["subscriptions"][0]["revocation_reason"].string == "family_sharing_revoked")
        }
    }

    @Test func anUpgradeMovesTheSubscriptionToTheHigherTier() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "ivy", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-ivy")
            await harness.advance(days: 3)
            _ = try await harness.simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "pro.plus.monthly")
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "ivy"), appUserID: "user-ivy")
            let subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["product_id"].string == "pro.plus.monthly")
            #expect(subscription["state"].string == "active")
            #expect(Set(body["customer"]["entitlements"].array.compactMap { $0["identifier"].string }) == ["pro", "plus"])
            #expect(try await harness.eventTypes("user-ivy") == ["initial_purchase", "product_change"])
        }
    }

    @Test func aPendingDowngradeShowsWhatItRenewsTo() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "jack", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.simulator.changeProduct(originalTransactionID: purchase.originalTransactionID, to: "basic.monthly")
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "jack"), appUserID: "user-jack")
            let subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["product_id"].string == "pro.monthly")
            #expect(subscription["renews_to_product_id"].string == "basic.monthly")
        }
    }

    @Test func aRefundRevokesAccess() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "kim", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-kim")
            await harness.advance(days: 2)
            _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID, reason: "1")
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "kim"), appUserID: "user-kim")
            let subscription = body["customer"]["subscriptions"][0]
            #expect(subscription["state"].string == "revoked")
            #expect(subscription["revocation_reason"].string == "refund")
            #expect(subscription["cancellation_reason"].string == "1")
            #expect(body["customer"]["entitlements"].array.isEmpty)
            #expect(try await harness.eventTypes("user-kim").last == "revocation")
        }
    }

    @Test func nonConsumablesGrantForEverAndConsumablesGrantNothing() async throws {
        try await TestHarness.run { harness in
            _ = try await harness.simulator.purchase(account: "lea", bundleID: TestHarness.bundleID, productID: "coins.100")
            _ = try await harness.simulator.purchase(account: "lea", bundleID: TestHarness.bundleID, productID: "lifetime")
            let (_, body) = try await harness.postReceipt(try await harness.receipt(account: "lea"), appUserID: "user-lea")
            let pro = body["customer"]["entitlements"].first(where: "identifier", is: "pro")
            #expect(pro["product_id"].string == "lifetime")
            #expect(pro["expires_at"].isNull)
            #expect(body["customer"]["entitlements"].array.count == 1)
            #expect(body["customer"]["subscriptions"].array.count == 2)
        }
    }
}
