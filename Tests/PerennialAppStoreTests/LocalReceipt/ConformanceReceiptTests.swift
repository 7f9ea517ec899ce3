import Foundation
import PerennialAppStore
import PerennialTesting
import Testing

/// The `receipts` cases of `fixtures/conformance/vectors.json`: what Apple's App Store Server Library
/// (`ReceiptUtility`) extracts, or that it raises.
@Suite("Conformance: transaction ids in app and transaction receipts")
struct ConformanceReceiptTests {
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        struct Expect: Decodable, Sendable {
            let result: String?
            let error: String?
        }

        let id: String
        let kind: String
        let receipt: String
        let expect: Expect

        var testDescription: String { id }
    }

    static let cases: [Case] = {
        struct Vectors: Decodable { let receipts: [Case] }
        guard let data = try? Fixtures.data("conformance/vectors.json") else { return [] }
        return (try? JSONDecoder().decode(Vectors.self, from: data).receipts) ?? []
    }()

    @Test("there are nine cases")
    func nine() {
        #expect(Self.cases.count == 9)
    }

    @Test("extracts the reference's transaction id, or fails where it raises", arguments: cases)
    func extracts(_ vector: Case) throws {
        let extractor = ReceiptTransactionIDExtractor()
        switch vector.kind {
        case "app":
            if vector.expect.error != nil {
                #expect(throws: LocalReceiptError.self) { try extractor.transactionID(fromAppReceipt: vector.receipt) }
            } else {
                #expect(try extractor.transactionID(fromAppReceipt: vector.receipt) == vector.expect.result)
            }
        case "transaction":
            #expect(extractor.transactionID(fromTransactionReceipt: vector.receipt) == vector.expect.result)
        default:
            Issue.record("unknown kind \(vector.kind)")
        }
    }

    @Test("the unsigned app receipts decode but do not verify", arguments: cases.filter { $0.kind == "app" })
    func unsigned(_ vector: Case) async {
        let result = await LocalReceiptVerifier().verify(base64Receipt: vector.receipt)
        if vector.expect.error != nil {
            #expect(result.signature == .invalid(.receiptMalformed))
            #expect(result.payload == nil)
        } else {
            #expect(result.signature == .invalid(.signatureMissing))
            #expect(result.payload?.bundleID == "com.example.anchor")
            #expect(result.verifiedPayload == nil)
        }
    }

    @Test("a transaction receipt is not an app receipt: malformed, never a crash")
    func transactionReceiptAsAppReceipt() async throws {
        let legacy = try #require(Self.cases.first { $0.kind == "transaction" })
        let result = await LocalReceiptVerifier().verify(base64Receipt: legacy.receipt)
        #expect(result.signature == .invalid(.receiptMalformed))
        #expect(throws: LocalReceiptError.self) { try ReceiptTransactionIDExtractor().transactionID(fromAppReceipt: legacy.receipt) }
    }

    @Test("a legacy transaction receipt reads its purchase info")
    func legacyPurchaseInfo() throws {
        let legacy = try #require(Self.cases.first { $0.id == "transaction_receipt_legacy" })
        let receipt = try #require(LegacyTransactionReceipt(base64: legacy.receipt))
        #expect(receipt.transactionID == "33993399")
        #expect(receipt.originalTransactionID == "33993399")
        #expect(receipt.productID == "com.example.anchor.premium.monthly")
        #expect(receipt.environment == "Sandbox")
        #expect(receipt.purchaseDate?.milliseconds == 1_748_736_000_000)
    }
}
