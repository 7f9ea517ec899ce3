import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct AppReceiptTests {
    @Test func purchaseReceiptIsAPKCS7ContainerPerennialVerifies() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly", offer: .trial)
        await simulator.advance(days: 8)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let receipt = try await simulator.receiptData(account: "alice", bundleID: Fixture.bundleID, environment: .sandbox)

        let root = simulator.signingAuthority.rootCertificateDER
        let verification = await LocalReceiptVerifier().verify(base64Receipt: receipt, trustedRoots: [root])
        #expect(verification.signature == .valid)
        let payload = try #require(verification.verifiedPayload)
        #expect(payload.receiptType == "ProductionSandbox")
        #expect(payload.bundleID == Fixture.bundleID)
        #expect(payload.applicationVersion == "1.0")
        #expect(payload.originalApplicationVersion == "1.0")
        #expect(payload.receiptCreationDate == Fixture.instant(days: 8))
        #expect(payload.opaqueValue?.count == 16)
        #expect(payload.sha1Hash?.count == 20)
        let purchases = payload.inAppPurchases.sorted { ($0.transactionID ?? "") < ($1.transactionID ?? "") }
        #expect(purchases.count == 3)
        let trial = purchases[0]
        #expect(trial.quantity == 1)
        #expect(trial.productID == "pro.monthly")
        #expect(trial.transactionID == purchase.transactionID)
        #expect(trial.originalTransactionID == purchase.originalTransactionID)
        #expect(trial.purchaseDate == Fixture.start)
        #expect(trial.originalPurchaseDate == Fixture.start)
        #expect(trial.subscriptionExpirationDate == Fixture.instant(days: 7))
        #expect(trial.webOrderLineItemID.map { Int64($0) != nil } == true)
        #expect(trial.cancellationDate == nil)
        #expect(trial.isTrialPeriod == true)
        #expect(trial.isInIntroOfferPeriod == false)
        let renewal = purchases[1]
        #expect(renewal.isTrialPeriod == false)
        #expect(renewal.subscriptionExpirationDate == Instant(milliseconds: 1_708_560_000_000))
        #expect(purchases.contains { $0.productID == "coins" && $0.subscriptionExpirationDate == nil })

        let apple = await LocalReceiptVerifier().verify(base64Receipt: receipt)
        #expect(apple.signature == .invalid(.untrustedCertificate))
    }

    @Test func verifyReceiptAcceptsReceiptsAndTokens() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let token = ReceiptToken(environment: .sandbox, account: "alice", bundleID: Fixture.bundleID).receiptData
        let fromReceipt = await simulator.verify(purchase.receiptData)
        let fromToken = await simulator.verify(token)
        #expect(fromReceipt.status == 0)
        #expect(fromReceipt.latestReceiptInfo == fromToken.latestReceiptInfo)
        #expect(fromReceipt.receipt?.inApp == fromToken.receipt?.inApp)
        #expect(await simulator.verify(purchase.receiptData, endpoint: .production).status == 21007)

        var bytes = try #require(Data(base64Encoded: purchase.receiptData))
        bytes[bytes.count / 5] ^= 0x01  // inside the signed payload
        #expect(await simulator.verify(bytes.base64EncodedString()).status == 21003)
        #expect(await simulator.verify(Data("not a receipt".utf8).base64EncodedString()).status == 21002)

        let stranger = try AppStoreSimulator(configuration: Fixture.configuration)
        let foreign = try await stranger.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        #expect(await simulator.verify(foreign.receiptData).status == 21003)
    }

    @Test func aSeededSimulatorReadsReceiptsOfItsEarlierRun() async throws {
        var configuration = Fixture.configuration
        configuration.signingSeed = "stable"
        let first = try AppStoreSimulator(configuration: configuration)
        let purchase = try await first.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        let second = try AppStoreSimulator(configuration: configuration)
        _ = try await second.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        #expect(await second.verify(purchase.receiptData).status == 0)
        let verification = await LocalReceiptVerifier().verify(
            base64Receipt: purchase.receiptData, trustedRoots: [second.signingAuthority.rootCertificateDER])
        #expect(verification.signature == .valid)
    }

    @Test func productionReceipts() async throws {
        let simulator = try Fixture.simulator()
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: Fixture.bundleID, productID: "lifetime", environment: .production)
        #expect(await simulator.verify(purchase.receiptData).status == 21008)
        #expect(await simulator.verify(purchase.receiptData, endpoint: .production).status == 0)
        let verification = await LocalReceiptVerifier().verify(
            base64Receipt: purchase.receiptData, trustedRoots: [simulator.signingAuthority.rootCertificateDER])
        #expect(verification.payload?.receiptType == "Production")
        #expect(verification.signature.isValid)
    }
}
