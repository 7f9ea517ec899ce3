import Crypto
import Foundation
import PerennialClient
import PerennialSimulator
import Testing

/// A purchase reaches the server before StoreKit is told it is finished, whatever happens in between: the
/// server unreachable, Apple unreachable from the server, the app killed, the same transaction twice.
@Suite("Client: purchases are finished only once the server has them")
struct ClientPurchaseTests {
    @Test(.timeLimit(.minutes(2)))
    func aPurchaseIsValidatedThenFinished() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "ann")
            defer { device.removeFiles() }
            let client = await device.launch()
            let appUserID = await client.appUserID
            #expect(appUserID.hasPrefix("$anonymous:") && appUserID.count == 43, "an anonymous id in the server's form")
            let isAnonymous = await client.isAnonymous
            #expect(isAnonymous)

            let result = try await client.purchase(productID: "pro.monthly")
            #expect(result.status == .validated)
            let transaction = try #require(result.transaction)
            #expect(device.store.finished == [transaction.id])
            #expect(device.store.unfinishedIDs.isEmpty)
            #expect(result.customerInfo?.isEntitled(to: "pro", at: device.now) == true)
            // The purchase went with the customer's app account token, the same on every purchase of theirs.
            let token = try #require(device.store.options.first?.appAccountToken)
            let post = device.transport.exchanges.first { $0.path == "/v1/transactions" }
            #expect(post?.status == 200)
            // The server's copy: the same customer, entitled.
            let customer = try await harness.customer(appUserID)
            #expect(customer.status == 200)
            #expect(customer.body["entitlements"].array.map { $0["identifier"].string } == ["pro"])
            // Read back from the cache, fresh after the purchase: no request.
            let before = device.transport.exchanges.count
            let info = try await client.customerInfo()
            #expect(info.source == .cache && info.isEntitled(to: "pro", at: device.now))
            #expect(device.transport.exchanges.count == before)
            _ = try await client.purchase(productID: "coins.100")
            #expect(device.store.options.last?.appAccountToken == token)
            await client.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func withTheServerDownThePurchaseWaitsUnfinishedUntilItAnswers() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "ben")
            defer { device.removeFiles() }
            let client = await device.launch()
            device.transport.isDown = true
            let result = try await client.purchase(productID: "pro.monthly")
            #expect(result.status == .awaitingServer)
            let transaction = try #require(result.transaction)
            #expect(device.store.finished.isEmpty, "never finished before the server has it")
            #expect(device.store.unfinishedIDs == [transaction.id])
            #expect(await client.pendingDeliveryCount == 1)
            #expect(await client.retryPendingDeliveries() == 1, "still down: still waiting")
            #expect(device.store.finished.isEmpty)

            device.transport.isDown = false
            #expect(await client.retryPendingDeliveries() == 0)
            #expect(device.store.finished == [transaction.id])
            let info = try await client.customerInfo()
            #expect(info.isEntitled(to: "pro", at: device.now))
            await client.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func whenAppleCannotAnswerTheServerSays202AndTheTransactionIsFinished() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey(), verifyTimeout: .seconds(1)) { harness in
            let device = ClientTestDevice(harness, account: "cat")
            defer { device.removeFiles() }
            let client = await device.launch()
            try await harness.simulator.addFault(.httpStatus(503, body: .empty), scope: .all, seconds: 3_600)
            let result = try await client.purchase(productID: "pro.monthly")
            #expect(result.status == .pending)
            let transaction = try #require(result.transaction)
            #expect(device.transport.exchanges.first { $0.path == "/v1/transactions" }?.status == 202)
            #expect(device.store.finished == [transaction.id], "202: the server holds the verified purchase")
            // The verified transaction already counts; the cache asks the server again next time.
            #expect(result.customerInfo?.isEntitled(to: "pro", at: device.now) == true)
            let before = device.transport.exchanges.count
            _ = try await client.customerInfo()
            #expect(device.transport.exchanges.count == before + 1, "a pending purchase makes the cache stale")
            await client.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aPurchaseTheAppDidNotLiveToSendIsSentAtTheNextLaunch() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "dan")
            defer { device.removeFiles() }
            let first = await device.launch()
            let appUserID = await first.appUserID
            device.transport.isDown = true
            let result = try await first.purchase(productID: "pro.monthly")
            #expect(result.status == .awaitingServer)
            await first.stop()  // the app is killed: only StoreKit's unfinished transaction remains

            device.transport.isDown = false
            let second = await device.launch()
            #expect(await second.appUserID == appUserID, "the anonymous id survives the relaunch")
            #expect(device.store.finished == [result.transaction?.id].compactMap { $0 })
            #expect(device.store.unfinishedIDs.isEmpty)
            let info = try await second.customerInfo()
            #expect(info.isEntitled(to: "pro", at: device.now))
            await second.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func theSameTransactionDeliveredTwiceIsRecordedOnce() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "eve")
            defer { device.removeFiles() }
            let client = await device.launch()
            device.transport.isDown = true
            let result = try await client.purchase(productID: "pro.monthly")
            let transaction = try #require(result.transaction)
            device.transport.isDown = false
            // StoreKit hands the same transaction through the updates while the client retries it.
            async let retried = client.retryPendingDeliveries()
            try await device.store.deliverUpdate(transaction.id)
            _ = await retried
            let relaunched = await device.launch()
            let appUserID = await client.appUserID
            let events = try await harness.eventTypes(appUserID)
            #expect(events.filter { $0 == "initial_purchase" }.count == 1)
            let customer = try await harness.customer(appUserID)
            #expect(customer.body["subscriptions"].array.count == 1)
            #expect(device.store.unfinishedIDs.isEmpty)
            #expect(Set(device.store.finished) == [transaction.id])
            await client.stop()
            await relaunched.stop()
        }
    }

    @Test(.timeLimit(.minutes(2)))
    func aCancelledSheetAndAskToBuySendNothing() async throws {
        try await TestHarness.run { harness in
            let device = ClientTestDevice(harness, account: "fay")
            defer { device.removeFiles() }
            let client = await device.launch()
            device.store.nextOutcome = .cancelled
            let cancelled = try await client.purchase(productID: "pro.monthly")
            #expect(cancelled.status == .cancelled)
            device.store.nextOutcome = .pending
            let askToBuy = try await client.purchase(productID: "pro.monthly")
            #expect(askToBuy.status == .awaitingApproval)
            #expect(!device.transport.exchanges.contains { $0.path == "/v1/transactions" })
            await client.stop()
        }
    }
}
