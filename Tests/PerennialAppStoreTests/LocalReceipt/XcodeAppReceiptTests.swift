import Foundation
import PerennialAppStore
import PerennialCore
import Testing

/// Apple's own Xcode test receipts (`fixtures/apple/xcode`) and its StoreKit 1 transaction receipt.
@Suite("Apple's Xcode app receipts")
struct XcodeAppReceiptTests {
    @Test("an empty Xcode receipt has no purchases and no transaction id")
    func empty() async throws {
        let base64 = try ReceiptFixture.text("apple/xcode/xcode-app-receipt-empty")
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: base64, trustedRoots: [try ReceiptFixture.storeKitRoot], allowXcode: true
        )
        #expect(result.signature == .valid)
        let payload = try #require(result.payload)
        #expect(payload.receiptType == "Xcode")
        #expect(payload.bundleID == "com.example.naturelab.backyardbirds.example")
        #expect(payload.inAppPurchases.isEmpty)
        #expect(payload.factBatch.transactions.isEmpty)
        #expect(try ReceiptTransactionIDExtractor().transactionID(fromAppReceipt: base64) == nil)
    }

    @Test("an Xcode receipt with a transaction gives transaction id 0")
    func withTransaction() async throws {
        let base64 = try ReceiptFixture.text("apple/xcode/xcode-app-receipt-with-transaction")
        #expect(try ReceiptTransactionIDExtractor().transactionID(fromAppReceipt: base64) == "0")
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: base64, trustedRoots: [try ReceiptFixture.storeKitRoot], allowXcode: true
        )
        #expect(result.signature == .valid)
        let fact = try #require(result.payload?.factBatch.transactions.first)
        #expect(fact.environment == .xcode)
        #expect(fact.transactionID == "0")
        #expect(fact.subscriptionID == "0")
        #expect(fact.productID == "pass.premium")
    }

    @Test("Xcode receipts are refused unless allowed, even with the StoreKit root")
    func refusedUnlessAllowed() async throws {
        let base64 = try ReceiptFixture.text("apple/xcode/xcode-app-receipt-with-transaction")
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: base64, trustedRoots: [try ReceiptFixture.storeKitRoot], allowXcode: false
        )
        #expect(result.signature == .invalid(.xcodeNotAllowed))
        #expect(result.payload?.inAppPurchases.count == 1)
    }

    @Test("Apple's mock StoreKit 1 transaction receipt has transaction id 33993399")
    func legacyTransaction() throws {
        let base64 = try ReceiptFixture.text("apple/mock_signed_data/legacyTransaction")
        #expect(ReceiptTransactionIDExtractor().transactionID(fromTransactionReceipt: base64) == "33993399")
    }
}
