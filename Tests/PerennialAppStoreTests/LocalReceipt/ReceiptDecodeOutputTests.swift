import Foundation
import PerennialAppStore
import PerennialCore
import Testing

@Suite("perennial receipt decode: output")
struct ReceiptDecodeOutputTests {
    static let now = Instant(milliseconds: 1_800_000_000_000)

    @Test("an Xcode receipt with the StoreKit root: the documented keys, in order, nulls written")
    func xcode() async throws {
        let output = await ReceiptDecodeOutput.decode(
            fileText: try ReceiptFixture.text("receipts/receipt-xcode") + "\n",
            roots: [try ReceiptFixture.storeKitRoot], now: Self.now
        )
        #expect(output.exitCode == 0)
        #expect(output.failure == nil)
        #expect(output.json == """
            {"receipt_type": "Xcode", "bundle_id": "net.zachariadis.cyclemaps", "application_version": "31.10.0", \
            "original_application_version": null, "receipt_creation_date_ms": 1595439195000, "in_app": [\
            {"product_id": "CYCLEMAPS_PREMIUM", "transaction_id": "0", "original_transaction_id": null, \
            "purchase_date_ms": 1595439194000, "original_purchase_date_ms": null, "expires_date_ms": 1626975194000, \
            "cancellation_date_ms": null, "web_order_line_item_id": null, "is_in_intro_offer_period": false, \
            "quantity": 1}], "signature": "valid"}
            """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.json.utf8)) as? [String: Any])
        #expect(object.count == 7)
    }

    @Test("without roots, the Apple Root CA is the default")
    func defaultRoot() async throws {
        let output = await ReceiptDecodeOutput.decode(
            fileText: try ReceiptFixture.text("receipts/receipt-production"), roots: [], now: Self.now
        )
        #expect(output.exitCode == 0)
        #expect(output.json.hasPrefix(#"{"receipt_type": "Production", "bundle_id": "org.getpure.pure-iphone""#))
        #expect(output.json.hasSuffix(#""signature": "valid"}"#))
    }

    @Test("a root that does not sign the receipt: signature invalid, exit 1, payload still shown")
    func wrongRoot() async throws {
        let output = await ReceiptDecodeOutput.decode(
            fileText: try ReceiptFixture.text("receipts/receipt-production"),
            roots: [try ReceiptFixture.storeKitRoot], now: Self.now
        )
        #expect(output.exitCode == 1)
        #expect(output.failure == .untrustedCertificate)
        #expect(output.json.hasSuffix(#""signature": "invalid"}"#))
        #expect(output.json.contains(#""original_transaction_id": "340001196262039""#))
    }

    @Test("an Xcode receipt without roots: invalid, exit 1")
    func xcodeWithoutRoots() async throws {
        let output = await ReceiptDecodeOutput.decode(
            fileText: try ReceiptFixture.text("receipts/receipt-xcode"), roots: [], now: Self.now
        )
        #expect(output.exitCode == 1)
        #expect(output.failure == .xcodeNotAllowed)
    }

    @Test("a PEM root file works like its DER")
    func pemRoot() async throws {
        let der = try ReceiptFixture.storeKitRoot
        let pem = "-----BEGIN CERTIFICATE-----\n\(der.base64EncodedString(options: .lineLength64Characters))\n-----END CERTIFICATE-----\n"
        let output = await ReceiptDecodeOutput.decode(
            fileText: try ReceiptFixture.text("receipts/receipt-xcode-with-purchases"), roots: [Data(pem.utf8)], now: Self.now
        )
        #expect(output.exitCode == 0)
    }

    @Test("a file that is not a receipt: an error object, exit 1")
    func malformed() async {
        let output = await ReceiptDecodeOutput.decode(fileText: "hello", roots: [], now: Self.now)
        #expect(output.exitCode == 1)
        #expect(output.json == #"{"error": "receipt_malformed"}"#)
        #expect(output.failure == .receiptMalformed)
    }
}
