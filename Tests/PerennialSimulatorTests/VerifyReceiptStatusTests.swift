import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct VerifyReceiptStatusTests {
    @Test func everyStatus() async throws {
        let simulator = try Fixture.simulator()
        let sandbox = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let production = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", environment: .production)
        let other = try await simulator.purchase(account: "alice", bundleID: Fixture.otherBundleID, productID: "coins")
        try await withSimulatorRouter(simulator) { client in
            let get = try await client.send(.get, "/sandbox/verifyReceipt")
            #expect(get.status == .ok)
            #expect(get.object["status"]?.text == "21000")

            let notJSON = try await client.send(.post, "/sandbox/verifyReceipt", "receipt please")
            #expect(notJSON.object["status"]?.text == "21002")
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: "%%%").status == 21002)
            let notToken = Data("hello".utf8).base64EncodedString()
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: notToken).status == 21002)

            let stranger = ReceiptToken(environment: .sandbox, account: "mallory", bundleID: Fixture.bundleID)
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: stranger.receiptData).status == 21003)
            let unknownApp = ReceiptToken(environment: .sandbox, account: "alice", bundleID: "com.unknown")
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: unknownApp.receiptData).status == 21003)

            let wrong = try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: sandbox.receiptData, password: "nope")
            #expect(wrong.status == 21004)
            let missing = try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: sandbox.receiptData, password: nil)
            #expect(missing.status == 21004)
            let noSecretNeeded = try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: other.receiptData, password: nil)
            #expect(noSecretNeeded.status == 0)

            #expect(try await client.verifyReceipt("/production/verifyReceipt", receiptData: sandbox.receiptData).status == 21007)
            #expect(try await client.verifyReceipt("/verifyReceipt", receiptData: sandbox.receiptData).status == 21007)
            #expect(try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: production.receiptData).status == 21008)

            let ok = try await client.verifyReceipt("/production/verifyReceipt", receiptData: production.receiptData)
            #expect(ok.status == 0)
            #expect(ok.environment == "Production")
            #expect(ok.receipt?.receiptType == "Production")
            #expect(try await client.verifyReceipt("/verifyReceipt", receiptData: production.receiptData).status == 0)
        }
    }

    @Test func successHasApplesShape() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        try await withSimulatorRouter(simulator) { client in
            let raw = try await client.send(
                .post, "/sandbox/verifyReceipt",
                #"{"receipt-data": "\#(purchase.receiptData)", "password": "\#(Fixture.secret)"}"#)
            let object = raw.object
            #expect(object["status"]?.text == "0")
            #expect(object["environment"] == .string("Sandbox"))
            let latestReceipt = try #require(object["latest_receipt"]?.text)
            #expect(await Fixture.opaqueValue(of: latestReceipt) == Fixture.opaqueValue(of: purchase.receiptData))
            guard case .object(let receipt)? = object["receipt"], case .array(let inApp)? = receipt["in_app"],
                case .array(let latest)? = object["latest_receipt_info"],
                case .array(let pending)? = object["pending_renewal_info"],
                case .object(let transaction)? = latest.first, case .object(let renewal)? = pending.first
            else {
                Issue.record("unexpected shape: \(raw.text)")
                return
            }
            #expect(receipt["receipt_type"] == .string("ProductionSandbox"))
            #expect(receipt["adam_id"]?.text == "0")
            #expect(receipt["bundle_id"] == .string(Fixture.bundleID))
            #expect(receipt["application_version"] == .string("1.0"))
            #expect(receipt["original_application_version"] == .string("1.0"))
            for key in ["request_date", "receipt_creation_date", "original_purchase_date"] {
                #expect(receipt[key]?.text?.hasSuffix("Etc/GMT") == true)
                #expect(receipt[key + "_ms"] != nil)
                #expect(receipt[key + "_pst"]?.text?.hasSuffix("America/Los_Angeles") == true)
            }
            #expect(inApp.count == 2)
            #expect(latest.count == 1)
            #expect(transaction["quantity"] == .string("1"))
            #expect(transaction["is_trial_period"] == .string("true"))
            #expect(transaction["is_in_intro_offer_period"] == .string("false"))
            #expect(transaction["in_app_ownership_type"] == .string("PURCHASED"))
            #expect(transaction["product_id"] == .string("pro.monthly"))
            #expect(transaction["subscription_group_identifier"] == .string("pro"))
            #expect(transaction["purchase_date_ms"] == .string(String(Fixture.start.milliseconds)))
            #expect(transaction["expires_date"] == .string("2024-01-22 00:00:00 Etc/GMT"))
            #expect(transaction["expires_date_pst"] == .string("2024-01-21 16:00:00 America/Los_Angeles"))
            #expect(transaction["web_order_line_item_id"]?.text?.allSatisfy(\.isNumber) == true)
            #expect(transaction["transaction_id"] == .string(purchase.transactionID))
            #expect(renewal["auto_renew_status"] == .string("1"))
            #expect(renewal["auto_renew_product_id"] == .string("pro.monthly"))
            #expect(renewal["product_id"] == .string("pro.monthly"))
            #expect(renewal["original_transaction_id"] == .string(purchase.originalTransactionID))
        }
    }

    @Test func excludeOldTransactionsKeepsTheLatestPerSubscription() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        await simulator.advance(days: 70)
        try await withSimulatorRouter(simulator) { client in
            let all = try await client.verifyReceipt("/sandbox/verifyReceipt", receiptData: purchase.receiptData)
            #expect(all.latestReceiptInfo?.count == 3)
            let latest = try await client.verifyReceipt(
                "/sandbox/verifyReceipt", receiptData: purchase.receiptData, excludeOld: true)
            #expect(latest.latestReceiptInfo?.count == 1)
            #expect(latest.latestReceiptInfo?.first?.transactionID == all.latestReceiptInfo?.first?.transactionID)
            #expect(latest.receipt?.inApp.count == 3)
        }
    }
}
