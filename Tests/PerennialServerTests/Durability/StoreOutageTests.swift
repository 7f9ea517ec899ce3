import Crypto
import PerennialCore
import PerennialSimulator
import Testing

/// Purchases posted while the App Store is down are answered 202 "pending", queued, and resolved once it is
/// back, with no retry from the app.
@Suite("Store outage")
struct StoreOutageTests {
    static let outages: [(name: String, fault: SimulatorFaultKind)] = [
        ("HTTP 503", .httpStatus(503, body: .html)),
        ("timeout", .timeout(seconds: 3)),
        ("status 21005", .status(21005, isRetryable: nil)),
        ("status 21100", .status(21100, isRetryable: nil)),
        ("status 21199", .status(21199, isRetryable: nil)),
    ]

    @Test(arguments: outages)
    func purchasesPostedDuringAnOutageResolveAfterIt(outage: (name: String, fault: SimulatorFaultKind)) async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), verifyTimeout: .seconds(1)) { harness in
            let simulator = harness.simulator
            let ada = try await simulator.purchase(account: "ada", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let bo = try await simulator.purchase(account: "bo", bundleID: TestHarness.bundleID, productID: "pro.yearly")
            let cy = try await simulator.purchase(account: "cy", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            try await simulator.addFault(outage.fault, scope: .all, seconds: 3_600)

            let first = try await harness.postReceipt(ada.receiptData, appUserID: "ada")
            #expect(first.status == 202)
            #expect(first.body["status"].string == "pending")
            #expect(try await harness.postReceipt(ada.receiptData, appUserID: "ada").status == 202)
            #expect(try await harness.postReceipt(bo.receiptData, appUserID: "bo").status == 202)
            // verifyReceipt status codes do not touch the Server API: the transaction completes at once.
            let transaction = try await harness.postTransaction(try #require(cy.signedTransactionInfo), appUserID: "cy")
            if case .status = outage.fault {
                #expect(transaction.status == 200)
            } else {
                #expect(transaction.status == 202)
                #expect(transaction.body["status"].string == "pending")
                // The verified transaction itself already counts; Apple's history completes it later.
                #expect(transaction.body["customer"]["entitlements"].array.map { $0["identifier"].string }.contains("pro"))
            }
            let queued = try await harness.stack.jobs.work(limit: 100)
            #expect(queued.count == (transaction.status == 202 ? 3 : 2), "one job per customer: the repeated receipt replaced its job")

            // The outage lasts an hour of simulated time; the queue retries until it is over.
            let left = try await harness.drainJobs(step: .seconds(3_700))
            #expect(left.isEmpty, "every queued purchase resolved: \(left.map { "\($0.kind) \($0.lastError ?? "")" })")
            for user in ["ada", "bo", "cy"] {
                let customer = try await harness.customer(user)
                #expect(customer.status == 200)
                #expect(customer.body["entitlements"].array.map { $0["identifier"].string }.contains("pro"), "\(user) is entitled after the outage")
            }
            #expect(try await harness.customer("bo").body["subscriptions"][0]["product_id"].string == "pro.yearly")
        }
    }

    @Test func aReceiptTheStoreRejectsAfterTheOutageIsBuriedNotRetriedForever() async throws {
        try await TestHarness.run { harness in
            let ada = try await harness.simulator.purchase(account: "ada", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            try await harness.simulator.addFault(.httpStatus(503, body: .empty), seconds: 60)
            #expect(try await harness.postReceipt(ada.receiptData, appUserID: "ada").status == 202)
            // After the outage Apple says the receipt is not authentic: a verdict, not a passing failure.
            try await harness.simulator.addFault(.status(21003, isRetryable: nil), requests: 1)
            _ = await harness.simulator.advanceClock(by: .seconds(120))
            let left = try await harness.drainJobs()
            #expect(left.count == 1)
            #expect(left.first?.state == .buried)
            #expect(left.first?.lastError == "receipt_not_authentic")
        }
    }
}
