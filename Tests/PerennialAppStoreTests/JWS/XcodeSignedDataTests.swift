import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// Data signed by Xcode's StoreKit testing: for an Xcode verifier the chain is skipped (Xcode signs with a
/// local key), but the payload must decode and match the app and environment.
@Suite("Xcode signed data")
struct XcodeSignedDataTests {
    static let bundleId = "com.example.naturelab.backyardbirds.example"

    static func signed(_ name: String) throws -> String {
        String(decoding: try PerennialTesting.Fixtures.data("apple/xcode/\(name)"), as: UTF8.self)
    }

    static let verifier = try! SignedDataVerifier(bundleId: bundleId, environment: .xcode)

    @Test func transaction() async throws {
        let transaction = try await Self.verifier.verifyAndDecodeTransaction(try Self.signed("xcode-signed-transaction"))
        #expect(transaction.productId == "pass.premium")
        #expect(transaction.subscriptionGroupIdentifier == "6F3A93AB")
        #expect(transaction.transactionId == "0" && transaction.originalTransactionId == "0")
        #expect(transaction.webOrderLineItemId == "0")
        #expect(transaction.purchaseDate == Instant(milliseconds: 1_697_679_936_049))
        #expect(transaction.expiresDate == Instant(milliseconds: 1_700_358_336_049))
        #expect(transaction.type == .autoRenewableSubscription)
        #expect(transaction.offerType == .introductory)
        #expect(transaction.storefront == "USA" && transaction.storefrontId == "143441")
        #expect(transaction.transactionReason == .purchase)
        #expect(transaction.inAppOwnershipType == .purchased)
        #expect(transaction.signedDate == Instant(milliseconds: 1_697_679_936_056))
        #expect(transaction.environment == .xcode)
    }

    @Test func renewalInfo() async throws {
        let renewal = try await Self.verifier.verifyAndDecodeRenewalInfo(try Self.signed("xcode-signed-renewal-info"))
        #expect(renewal.originalTransactionId == "0")
        #expect(renewal.autoRenewProductId == "pass.premium")
        #expect(renewal.expirationIntent == nil)
        #expect(renewal.autoRenewStatus == .on)
    }

    @Test func appTransaction() async throws {
        let app = try await Self.verifier.verifyAndDecodeAppTransaction(try Self.signed("xcode-signed-app-transaction"))
        #expect(app.applicationVersion == "1")
        #expect(app.originalApplicationVersion == "1")
        #expect(app.originalPurchaseDate == Instant(milliseconds: -62_135_769_600_000))
        #expect(app.receiptType == .xcode)
        #expect(app.receiptCreationDate == Instant(milliseconds: 1_697_680_122_257))
    }

    /// Outside the Xcode environment the chain is checked, and Xcode's one-certificate chain fails it.
    @Test func aSandboxVerifierChecksTheChain() async throws {
        let sandbox = try SignedDataVerifier(bundleId: Self.bundleId, environment: .sandbox)
        let jws = try Self.signed("xcode-signed-transaction")
        do {
            _ = try await sandbox.verifyAndDecodeTransaction(jws)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidChainLength)
        }
    }

    @Test func anotherAppIsRejectedEvenInXcode() async throws {
        let other = try SignedDataVerifier(bundleId: "com.example.other", environment: .xcode)
        let jws = try Self.signed("xcode-signed-transaction")
        do {
            _ = try await other.verifyAndDecodeTransaction(jws)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .invalidAppIdentifier)
        }
    }
}
