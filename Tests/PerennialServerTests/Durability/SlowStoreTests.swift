import Crypto
import PerennialServices
import PerennialSimulator
import Testing

/// A store that takes the connection and never answers: the app is answered pending after
/// `PurchaseSubmitter.defaultPatience`, not when the store's own timeouts and retries run out, and the
/// purchase resolves from the job queue once the store answers again.
@Suite("A store that hangs")
struct SlowStoreTests {
    /// Far above the patience: without it the app would wait twice this (two attempts).
    static let storeTimeout: Duration = .seconds(30)
    /// The patience, and what a loaded two-core machine may add to it (a full parallel run stretched an
    /// answer due at 1 s to 11 s): still well under the store's two timed-out attempts.
    static let answeredWithin = PurchaseSubmitter.defaultPatience + .seconds(20)

    @Test(.timeLimit(.minutes(3))) func purchasesAreAnsweredPendingWithinTheAppsPatience() async throws {
        try await TestHarness.run(
            serverAPIKey: P256.Signing.PrivateKey(), verifyTimeout: Self.storeTimeout, purchasePatience: PurchaseSubmitter.defaultPatience
        ) { harness in
            let simulator = harness.simulator
            let ada = try await simulator.purchase(account: "ada", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let bo = try await simulator.purchase(account: "bo", bundleID: TestHarness.bundleID, productID: "pro.yearly")
            try await simulator.addFault(.timeout(seconds: 600), scope: .all)

            let start = ContinuousClock.now
            let receipt = try await harness.postReceipt(ada.receiptData, appUserID: "ada")
            let receiptWait = start.duration(to: .now)
            #expect(receipt.status == 202)
            #expect(receipt.body["status"].string == "pending")
            #expect(receiptWait < Self.answeredWithin, "the receipt was answered after \(receiptWait)")

            let transactionStart = ContinuousClock.now
            let transaction = try await harness.postTransaction(try #require(bo.signedTransactionInfo), appUserID: "bo")
            let transactionWait = transactionStart.duration(to: .now)
            #expect(transaction.status == 202)
            #expect(transaction.body["status"].string == "pending")
            #expect(transactionWait < Self.answeredWithin, "the transaction was answered after \(transactionWait)")

            let queued = try await harness.stack.jobs.work()
            #expect(Set(queued.map(\.kind)) == ["receipt.validate", "transaction.complete"], "\(queued.map(\.kind))")

            await simulator.removeAllFaults()
            let left = try await harness.drainJobs()
            #expect(left.isEmpty, "\(left.map { "\($0.kind) \($0.lastError ?? "")" })")
            for user in ["ada", "bo"] {
                let customer = try await harness.customer(user)
                #expect(customer.body["entitlements"].array.map { $0["identifier"].string }.contains("pro"), "\(user) once the store answers")
            }
        }
    }
}
