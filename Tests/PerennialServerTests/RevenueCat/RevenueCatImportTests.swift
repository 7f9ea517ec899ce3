import Crypto
import Foundation
@testable import PerennialServer
import PerennialServices
import Synchronization
import Testing

/// `perennial import --from revenuecat`: RevenueCat's export read into customers and aliases, each purchase
/// re-read from the stores' simulators, resumed after an interruption without recording anything twice.
@Suite("RevenueCat import")
struct RevenueCatImportTests {
    static let header = "rc_original_app_user_id;rc_last_seen_app_user_id_alias;country;product_identifier;start_time;store;is_sandbox;store_transaction_id;original_store_transaction_id;reserved_subscriber_attributes"

    /// A row of the export, with the quoting RevenueCat's JSON columns get.
    static func row(_ original: String, _ lastSeen: String, product: String, store: String, transaction: String) -> String {
        "\(original);\(lastSeen);FR;\(product);2026-01-01 00:00:00;\(store);true;\(transaction);\(transaction);\"{\"\"$email\"\": {\"\"value\"\": \"\"a;b@c.d\"\"}}\""
    }

    @Test func theExportIsReadIntoCustomersAndTheirPurchases() throws {
        let text = [
            Self.header,
            Self.row("$RCAnonymousID:1", "ann", product: "pro.monthly", store: "app_store", transaction: "100"),
            Self.row("$RCAnonymousID:1", "ann", product: "pro.monthly", store: "app_store", transaction: "100"),
            Self.row("bob", "bob", product: "pro.yearly", store: "play_store", transaction: "GPA.1..0"),
            Self.row("$RCAnonymousID:1", "ann", product: "coins", store: "promotional", transaction: "p1"),
        ].joined(separator: "\r\n") + "\r\n"
        let export = try RevenueCatExport.read(Data(text.utf8))
        #expect(export.customers.map(\.originalAppUserID) == ["$RCAnonymousID:1", "bob"])
        #expect(export.customers[0].lastSeenAppUserID == "ann")
        #expect(export.customers[0].purchases.map(\.id) == ["100", "p1"])
        #expect(export.customers[1].purchases == [.init(store: "play_store", productID: "pro.yearly", id: "GPA.1..0", namesSubscription: false)])

        #expect(throws: PerennialError.self) { try RevenueCatExport.read(Data("rc_original_app_user_id,store\nann,app_store\n".utf8)) }
        #expect(throws: PerennialError.self) { try RevenueCatExport.read(Data("\(Self.header)\n\"unclosed;x\n".utf8)) }
        #expect(throws: PerennialError.self) { try RevenueCatExport.read(Data([0xFF, 0xFE, 0x00])) }
        let commas = try RevenueCatExport.read(Data("rc_original_app_user_id,store,product_identifier,original_store_transaction_id\n\"a,b\",app_store,pro.monthly,7\n".utf8))
        #expect(commas.customers.first?.originalAppUserID == "a,b")
    }

    @Test(.timeLimit(.minutes(4)))
    func customersAndPurchasesAreImportedAndAnInterruptedImportResumes() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), withPlay: true) { harness in
            var lines = [Self.header]
            let customers = 24
            for index in 0..<customers {
                let purchase = try await harness.simulator.purchase(account: "rc-\(index)", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                // Half the customers logged in after buying anonymously.
                let original = index.isMultiple(of: 2) ? "$RCAnonymousID:\(String(format: "%032x", index))" : "user-\(index)"
                lines.append(Self.row(original, "user-\(index)", product: "pro.monthly", store: "app_store", transaction: purchase.originalTransactionID))
                lines.append(Self.row(original, "user-\(index)", product: "pro.monthly", store: "app_store", transaction: purchase.originalTransactionID))
            }
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.monthly")
            let order = try #require(try JSONSerialization.jsonObject(with: try await play.subscriptionV1(productID: "pro.monthly", token: token)) as? [String: Any])
            lines.append(Self.row("user-play", "user-play", product: "pro.monthly", store: "play_store", transaction: try #require(order["orderId"] as? String)))
            lines.append(Self.row("user-promo", "user-promo", product: "pro.monthly", store: "promotional", transaction: "rc_promo_1"))
            lines.append(Self.row("user-gone", "user-gone", product: "pro.monthly", store: "app_store", transaction: "999999999"))
            let data = Data((lines.joined(separator: "\n") + "\n").utf8)
            let export = try RevenueCatExport.read(data)
            let progressFile = FileManager.default.temporaryDirectory.appendingPathComponent("rc-import-\(UUID().uuidString).progress")
            defer { try? FileManager.default.removeItem(at: progressFile) }

            // The first run stops after ten customers, as if killed: its task is cancelled mid-import.
            let reports = AsyncStream<Int>.makeStream()
            let first = Task {
                try await PerennialServer.importCustomers(
                    export, data: data, into: harness.stack, appID: nil, progressFile: progressFile, requestsPerSecond: 1000
                ) { reports.continuation.yield($0.customersDone) }
            }
            for await done in reports.stream where done >= 10 { break }
            first.cancel()
            _ = await first.result
            let interrupted = ImportProgress.load(from: progressFile, for: data, total: export.customers.count)
            #expect(interrupted.customersDone >= 10 && interrupted.customersDone < export.customers.count)

            let finished = try await PerennialServer.importCustomers(
                export, data: data, into: harness.stack, appID: nil, progressFile: progressFile, requestsPerSecond: 1000) { _ in }
            #expect(finished.customersDone == export.customers.count)
            #expect(finished.skipped == ["promotional": 1])
            #expect(finished.failures.map(\.appUserID) == ["user-gone"], "\(finished.failures.prefix(2))")

            for index in 0..<customers {
                let (status, customer) = try await harness.customer("user-\(index)")
                #expect(status == 200)
                #expect(customer["subscriptions"].array.count == 1, "user-\(index)")
                #expect(customer["entitlements"].array.map { $0["identifier"].string } == ["pro"], "user-\(index)")
                // Read and recorded once, whatever the interruption: one purchase event each.
                let events = try await harness.eventTypes("user-\(index)")
                #expect(events.filter { $0 == "initial_purchase" }.count == 1, "user-\(index): \(events)")
            }
            // The anonymous first id is an alias of the person.
            let (_, aliased) = try await harness.customer("$RCAnonymousID:\(String(format: "%032x", 0))")
            #expect(aliased["app_user_id"].string == "user-0")
            let (_, playCustomer) = try await harness.customer("user-play")
            #expect(playCustomer["subscriptions"][0]["store"].string == "play_store")
        }
    }
}
