import Crypto
import Foundation
@testable import PerennialServer
import PerennialServices
import Testing

/// `perennial import FILE`: Perennial's own CSV of customers and store ids, each subscription re-read from the
/// stores' simulators; rows that cannot be read are refused with their reason.
@Suite("Perennial's import file")
struct PerennialImportFileTests {
    @Test func rowsAreReadOrRefusedWithTheirReason() throws {
        let text = """
            app_user_id,store,original_transaction_id,purchase_token,product_id
            ann,app_store,100,,pro.monthly
            ann,app_store,100,,pro.monthly
            bob,play_store,,token-1,
            ,app_store,101,,
            cid,amazon,102,,
            dee,stripe,,,
            """
        let file = try PerennialImportFile.read(Data(text.utf8))
        #expect(file.customers.map(\.originalAppUserID) == ["ann", "bob"])
        #expect(file.customers[0].purchases == [.init(store: "app_store", productID: "pro.monthly", id: "100", namesSubscription: true)])
        #expect(file.customers[1].purchases.map(\.id) == ["token-1"])
        #expect(file.refusedRows.map(\.row) == [5, 6, 7])
        #expect(throws: PerennialError.self) { try PerennialImportFile.read(Data("app_user_id,store\nann,app_store\n".utf8)) }
    }

    @Test(.timeLimit(.minutes(3)))
    func subscriptionsAreReadFromTheirStores() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), withPlay: true) { harness in
            let apple = try await harness.simulator.purchase(account: "imp-1", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let token = try await #require(harness.play).purchase(productID: "pro.monthly")
            // Refunded before the import: only Google's voided purchases say so (subscriptionsv2 shows it expired).
            let refunded = try await #require(harness.play).purchase(productID: "pro.monthly")
            try await #require(harness.play).refund(token: refunded)
            let text = """
                app_user_id;store;id
                ann;app_store;\(apple.originalTransactionID)
                bob;play_store;\(token)
                cid;app_store;424242
                dee;play_store;\(refunded)
                """
            let data = Data(text.utf8)
            let file = try PerennialImportFile.read(data)
            let progressFile = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).progress")
            defer { try? FileManager.default.removeItem(at: progressFile) }
            let progress = try await PerennialServer.importCustomers(
                file, data: data, into: harness.stack, appID: "forest", progressFile: progressFile, requestsPerSecond: 1000) { _ in }
            #expect(progress.customersDone == 4)
            #expect(progress.subscriptionsRead == 3)
            #expect(progress.failures.map(\.appUserID) == ["cid"])
            for (appUserID, store) in [("ann", "app_store"), ("bob", "play_store")] {
                let (status, customer) = try await harness.customer(appUserID)
                #expect(status == 200)
                #expect(customer["subscriptions"][0]["store"].string == store)
                #expect(customer["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            }
            let (_, dee) = try await harness.customer("dee")
            #expect(dee["subscriptions"][0]["state"].string == "revoked")
            #expect(dee["subscriptions"][0]["revocation_reason"].string == "refund")
            #expect(dee["entitlements"].array.isEmpty)
            // Run again: nothing left to do, nothing recorded twice.
            let again = try await PerennialServer.importCustomers(
                file, data: data, into: harness.stack, appID: "forest", progressFile: progressFile, requestsPerSecond: 1000) { _ in }
            #expect(again == progress)
            #expect(try await harness.eventTypes("ann").filter { $0 == "initial_purchase" }.count == 1)
        }
    }
}
