import PerennialAppStore
import PerennialCore
import Testing

@Suite("App receipt payloads as facts")
struct AppReceiptFactTests {
    static let day: Int64 = 86_400_000

    @Test("receipt types name environments", arguments: [
        ("Production", StoreEnvironment.production), ("ProductionSandbox", .sandbox), ("Sandbox", .sandbox),
        ("ProductionVPPSandbox", .sandbox), ("Xcode", .xcode), ("ProductionVPP", .production),
    ])
    func environments(_ type: String, _ environment: StoreEnvironment) {
        #expect(AppReceiptPayload(receiptType: type).storeEnvironment == environment)
    }

    @Test("a purchase becomes a transaction fact")
    func purchase() throws {
        let payload = AppReceiptPayload(receiptType: "ProductionSandbox", inAppPurchases: [
            AppReceiptPurchase(
                quantity: 2, productID: "pro.monthly", transactionID: "12", originalTransactionID: "10",
                purchaseDate: Instant(milliseconds: 30 * Self.day), originalPurchaseDate: Instant(milliseconds: 0),
                subscriptionExpirationDate: Instant(milliseconds: 60 * Self.day), webOrderLineItemID: "77",
                cancellationDate: Instant(milliseconds: 40 * Self.day), isTrialPeriod: true, isInIntroOfferPeriod: false
            ),
        ])
        let fact = try #require(payload.factBatch.transactions.first)
        #expect(fact == TransactionFact(
            store: .appStore, environment: .sandbox, transactionID: "12", subscriptionID: "10",
            productID: "pro.monthly", purchasedAt: Instant(milliseconds: 30 * Self.day),
            originalPurchasedAt: Instant(milliseconds: 0), expiresAt: Instant(milliseconds: 60 * Self.day),
            cancelledAt: Instant(milliseconds: 40 * Self.day), isTrialPeriod: true, isInIntroOfferPeriod: false,
            quantity: 2, webOrderLineItemID: "77"
        ))
    }

    @Test("defaults: original id from the transaction id, quantity 1, flags false; incomplete purchases skipped")
    func defaults() throws {
        let payload = AppReceiptPayload(receiptType: "Xcode", inAppPurchases: [
            AppReceiptPurchase(productID: "pass.premium", transactionID: "0", purchaseDate: Instant(milliseconds: 5)),
            AppReceiptPurchase(productID: "pass.premium", purchaseDate: Instant(milliseconds: 5)),
            AppReceiptPurchase(productID: "", transactionID: "1", purchaseDate: Instant(milliseconds: 5)),
            AppReceiptPurchase(productID: "pass.premium", transactionID: "2"),
        ])
        let translation = payload.translation()
        #expect(translation.skippedEntries == 3)
        let fact = try #require(translation.batch.transactions.first)
        #expect(translation.batch.transactions.count == 1)
        #expect(fact.environment == .xcode)
        #expect(fact.subscriptionID == "0")
        #expect(fact.quantity == 1)
        #expect(!fact.isTrialPeriod && !fact.isInIntroOfferPeriod)
        #expect(translation.batch.renewalInfos.isEmpty)
    }

    @Test("the production receipt: 4 purchases of one subscription, sorted by purchase date")
    func production() async throws {
        let result = await LocalReceiptVerifier().verify(base64Receipt: try ReceiptFixture.text("receipts/receipt-production"))
        let batch = try #require(result.verifiedPayload).factBatch
        #expect(batch.transactions.count == 4)
        #expect(Set(batch.transactions.map(\.subscriptionID)) == ["340001196262039"])
        #expect(batch.transactions.allSatisfy { $0.environment == .production && $0.store == .appStore })
        #expect(batch.transactions.map(\.purchasedAt) == batch.transactions.map(\.purchasedAt).sorted())
    }
}
