import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("Real app receipts: decoding and verification")
struct AppReceiptFixtureTests {
    static let fixtures: [ReceiptFixture] = (try? ReceiptFixture.all()) ?? []

    @Test("there are five fixtures")
    func fiveFixtures() {
        #expect(Self.fixtures.count == 5)
    }

    @Test("decodes what expected.json says", arguments: fixtures)
    func decodes(_ fixture: ReceiptFixture) async throws {
        let expected = fixture.expected
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: try fixture.base64, trustedRoots: [try fixture.root], allowXcode: true
        )
        let payload = try #require(result.payload)
        #expect(payload.receiptType == expected.receiptType)
        #expect(payload.bundleID == expected.bundleId)
        #expect(payload.applicationVersion == expected.applicationVersion)
        #expect(payload.originalApplicationVersion == expected.originalApplicationVersion)
        #expect(payload.receiptCreationDate == AppReceiptDate.parse(expected.receiptCreationDate))
        #expect(payload.receiptCreationDate != nil)
        #expect(payload.inAppPurchases.count == expected.inAppCount)
        #expect(Set(payload.inAppPurchases.map(\.productID)).count == expected.distinctProductIds)
        #expect(Set(payload.inAppPurchases.map(\.originalTransactionID)).count == expected.distinctOriginalTransactionIds)
        #expect(payload.opaqueValue?.isEmpty == false)
        #expect(payload.sha1Hash?.count == 20)

        let latest = try #require(payload.inAppPurchases.max {
            ($0.subscriptionExpirationDate?.milliseconds ?? .min) < ($1.subscriptionExpirationDate?.milliseconds ?? .min)
        })
        #expect(latest.productID == expected.latestExpiring.productId)
        #expect(latest.transactionID == expected.latestExpiring.transactionId)
        // expected.json writes an absent original transaction id (Xcode) as Python's "None".
        #expect((latest.originalTransactionID ?? "None") == expected.latestExpiring.originalTransactionId)
        #expect(latest.subscriptionExpirationDate == AppReceiptDate.parse(expected.latestExpiring.expiresDate))
        #expect(latest.purchaseDate != nil)
    }

    @Test("verifies against its own root at its creation date", arguments: fixtures)
    func verifies(_ fixture: ReceiptFixture) async throws {
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: try fixture.base64, trustedRoots: [try fixture.root], allowXcode: true
        )
        #expect(result.signature == .valid)
        #expect(result.verifiedPayload != nil)
    }

    @Test("fails against the other root", arguments: fixtures)
    func wrongRoot(_ fixture: ReceiptFixture) async throws {
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: try fixture.base64, trustedRoots: [try fixture.wrongRoot], allowXcode: true
        )
        #expect(result.signature == .invalid(.untrustedCertificate))
        #expect(result.payload != nil)
        #expect(result.verifiedPayload == nil)
    }

    @Test("fails when one byte of the payload is altered", arguments: fixtures)
    func alteredPayload(_ fixture: ReceiptFixture) async throws {
        let bytes = try #require(Data(base64Encoded: try fixture.base64))
        // The bundle id's text sits inside the payload: change its first character.
        let bundleID = Array(fixture.expected.bundleId.utf8)
        let offset = try #require(Array(bytes).firstRange(of: bundleID)?.lowerBound)
        var altered = bytes
        altered[offset] ^= 0x01
        let result = await LocalReceiptVerifier().verify(
            receipt: altered, trustedRoots: [try fixture.root], allowXcode: true
        )
        #expect(result.signature == .invalid(.signatureInvalid))
        #expect(result.payload?.bundleID != fixture.expected.bundleId)
    }

    @Test("the default root is the embedded Apple Root CA, equal to the fixture's")
    func embeddedRoot() throws {
        #expect(AppleIncRootCertificate.der == (try ReceiptFixture.appleRoot))
    }

    @Test("production and sandbox receipts verify with the default roots; Xcode ones are refused", arguments: fixtures)
    func defaults(_ fixture: ReceiptFixture) async throws {
        let result = await LocalReceiptVerifier().verify(base64Receipt: try fixture.base64)
        if fixture.expected.receiptType == "Xcode" {
            #expect(result.signature == .invalid(.xcodeNotAllowed))
        } else {
            #expect(result.signature == .valid)
        }
    }

    @Test("the legacy receipt is signed with SHA-1 and holds 187 purchases over 3 products")
    func legacySHA1() async throws {
        let base64 = try ReceiptFixture.text("receipts/receipt-sandbox-legacy")
        let result = await LocalReceiptVerifier().verify(base64Receipt: base64)
        #expect(result.signature == .valid)
        let payload = try #require(result.payload)
        #expect(payload.inAppPurchases.count == 187)
        #expect(Set(payload.inAppPurchases.compactMap(\.productID)).count == 3)
        #expect(payload.storeEnvironment == .sandbox)
    }

    @Test("Xcode receipts use BER indefinite lengths and dates with a +0100 offset")
    func xcodeOffsets() async throws {
        let base64 = try ReceiptFixture.text("receipts/receipt-xcode")
        let bytes = try #require(Data(base64Encoded: base64))
        #expect(bytes[1] == 0x80)  // SEQUENCE with indefinite length
        let result = await LocalReceiptVerifier().verify(
            base64Receipt: base64, trustedRoots: [try ReceiptFixture.storeKitRoot], allowXcode: true
        )
        #expect(result.signature == .valid)
        let purchase = try #require(result.payload?.inAppPurchases.first)
        // 2020-07-22T18:33:14+0100 is 17:33:14 UTC.
        #expect(purchase.purchaseDate == Instant(milliseconds: 1_595_439_194_000))
        #expect(purchase.transactionID == "0")
        #expect(purchase.originalTransactionID == nil)
        #expect(purchase.quantity == 1)
        #expect(purchase.isInIntroOfferPeriod == false)
    }
}
