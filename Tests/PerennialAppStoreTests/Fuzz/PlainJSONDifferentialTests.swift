import Foundation
@testable import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// The plain-JSON fast path against Foundation's `JSONDecoder`, on real payloads and thousands of
/// mutations of them: whenever the fast path gives a value, `JSONDecoder` gives the same value. It may
/// decline anything (then `JSONDecoder` decides), but it must take Apple's own payloads.
@Suite("Plain JSON fast path agrees with JSONDecoder")
struct PlainJSONDifferentialTests {
    /// Outcomes of one comparison run.
    struct Tally { var plain = 0, declined = 0, refusedByBoth = 0 }

    /// Compares the two decoders on `data`; records an issue when the fast path gives a value Foundation
    /// refuses or decodes differently.
    static func compare<Model: Decodable & Equatable>(
        _ data: Data, _ plain: (UnsafeRawBufferPointer) -> Model?, as type: Model.Type, tally: inout Tally
    ) {
        let fast = data.withUnsafeBytes(plain)
        let reference = try? JSONDecoder().decode(Model.self, from: data)
        switch (fast, reference) {
        case (let fast?, let reference?):
            #expect(fast == reference, "differs on \(String(decoding: data, as: UTF8.self).prefix(300))")
            tally.plain += 1
        case (.some, nil):
            Issue.record("the fast path accepted what JSONDecoder refuses: \(String(decoding: data, as: UTF8.self).prefix(300))")
        case (nil, .some): tally.declined += 1
        case (nil, nil): tally.refusedByBoth += 1
        }
    }

    /// The JSON payloads of the conformance vectors of one kind (their middle segment, base64url-decoded),
    /// all of them or only those meant to verify (the others include payloads that are not objects).
    static func conformancePayloads(kind: String, onlyValid: Bool = false) throws -> [Data] {
        let vectors = try JSONSerialization.jsonObject(with: PerennialTesting.Fixtures.data("conformance/vectors.json"))
        let cases = (vectors as? [String: Any])?["cases"] as? [[String: Any]] ?? []
        let wanted = cases.filter { $0["kind"] as? String == kind && (!onlyValid || $0["intended"] as? String == "OK") }
        return wanted.compactMap { entry in
            guard let jws = entry["jws"] as? String else { return nil }
            let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            text += String(repeating: "=", count: (4 - text.count % 4) % 4)
            return Data(base64Encoded: text)
        }
    }

    static var transactions: [Data] {
        get throws { try conformancePayloads(kind: "transaction") + appleTransactions }
    }

    /// Apple's model transactions and one with every field, all valid.
    static var appleTransactions: [Data] {
        get throws {
            var corpus: [Data] = []
            for name in ["signedTransaction", "signedTransactionWithRevocation"] {
                corpus.append(try PerennialTesting.Fixtures.data("apple/models/\(name).json"))
            }
            var everyField = JWSTransactionDecodedPayload()
            everyField.transactionId = "2000000001000011"
            everyField.quantity = 3
            everyField.isUpgraded = false
            everyField.price = 9990
            everyField.revocationPercentage = 50000
            everyField.commitmentInfo = .object(["plan": .string("annual"), "months": .array([.integer(1), .null, .bool(true)])])
            everyField.advancedCommerceInfo = .null
            corpus.append(try JSONEncoder().encode(everyField))
            return corpus
        }
    }

    static var renewalInfos: [Data] {
        get throws { try conformancePayloads(kind: "renewal") + appleRenewalInfos }
    }

    /// Apple's model renewal info and one with every field, both valid.
    static var appleRenewalInfos: [Data] {
        get throws {
            var corpus: [Data] = []
            corpus.append(try PerennialTesting.Fixtures.data("apple/models/signedRenewalInfo.json"))
            var everyField = JWSRenewalInfoDecodedPayload()
            everyField.eligibleWinBackOfferIds = ["a", "b\u{e9}\"\\/"]
            everyField.isInBillingRetryPeriod = true
            everyField.renewalPrice = -1
            corpus.append(try JSONEncoder().encode(everyField))
            return corpus
        }
    }

    @Test("Apple's payloads take the fast path and decode as JSONDecoder decodes them")
    func originalsTakeTheFastPath() throws {
        for data in try Self.conformancePayloads(kind: "transaction", onlyValid: true) + (try Self.appleTransactions) {
            let fast = try #require(data.withUnsafeBytes(JWSTransactionDecodedPayload.plainDecoded(from:)))
            #expect(fast == (try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: data)))
        }
        for data in try Self.conformancePayloads(kind: "renewal", onlyValid: true) + (try Self.appleRenewalInfos) {
            let fast = try #require(data.withUnsafeBytes(JWSRenewalInfoDecodedPayload.plainDecoded(from:)))
            #expect(fast == (try JSONDecoder().decode(JWSRenewalInfoDecodedPayload.self, from: data)))
        }
        let receipt = try PerennialTesting.Fixtures.data("conformance/verify_receipt_50.json")
        let fast = try #require(receipt.withUnsafeBytes(VerifyReceiptResponse.plainDecoded(from:)))
        #expect(fast == (try JSONDecoder().decode(VerifyReceiptResponse.self, from: receipt)))
        #expect(try VerifyReceiptResponse.decode(from: receipt) == fast)
    }

    @Test("1,500 mutations of signed transaction payloads")
    func mutatedTransactions() throws {
        var mutator = PayloadMutator(seed: 0x9A1_0001)
        var tally = Tally()
        let transactions = try Self.transactions
        for round in 0..<1_500 {
            let original = transactions[round % transactions.count]
            Self.compare(mutator.mutate(original).data, JWSTransactionDecodedPayload.plainDecoded(from:),
                         as: JWSTransactionDecodedPayload.self, tally: &tally)
        }
        #expect(tally.plain > 100 && tally.refusedByBoth > 100, "\(tally)")
    }

    @Test("1,000 mutations of renewal info payloads")
    func mutatedRenewalInfos() throws {
        var mutator = PayloadMutator(seed: 0x9A1_0002)
        var tally = Tally()
        let renewalInfos = try Self.renewalInfos
        for round in 0..<1_000 {
            let original = renewalInfos[round % renewalInfos.count]
            Self.compare(mutator.mutate(original).data, JWSRenewalInfoDecodedPayload.plainDecoded(from:),
                         as: JWSRenewalInfoDecodedPayload.self, tally: &tally)
        }
        #expect(tally.plain > 100 && tally.refusedByBoth > 100, "\(tally)")
    }

    @Test("1,500 mutations of a verifyReceipt answer")
    func mutatedReceipts() throws {
        var mutator = PayloadMutator(seed: 0x9A1_0003)
        var tally = Tally()
        let original = try VerifyReceiptFuzzTests.original
        for _ in 0..<1_500 {
            Self.compare(mutator.mutate(original).data, VerifyReceiptResponse.plainDecoded(from:),
                         as: VerifyReceiptResponse.self, tally: &tally)
        }
        #expect(tally.plain > 100 && tally.refusedByBoth > 100, "\(tally)")
    }

    @Test("600 mutations of a version 1 notification body, read as fields")
    func mutatedNotificationFields() throws {
        var mutator = PayloadMutator(seed: 0x9A1_0004)
        var tally = Tally()
        let notification = try VerifyReceiptFuzzTests.notification
        for _ in 0..<600 {
            Self.compare(mutator.mutate(notification).data, AppleFields.plainDecoded(from:),
                         as: AppleFields.self, tally: &tally)
        }
        #expect(tally.plain > 50 && tally.refusedByBoth > 50, "\(tally)")
    }

    /// Inputs at the edges of what the two decoders do differently when left to themselves.
    static let edges: [(json: String, plain: Bool)] = [
        (#"{"transactionId":"1","transactionId":"2"}"#, false),  // Foundation keeps the first
        (#"{"quantity":1.0}"#, false), (#"{"quantity":1e2}"#, false), (#"{"quantity":-0}"#, true),
        (#"{"quantity":01}"#, false), (#"{"quantity":1}x"#, false), (#"{"quantity":1234567890123456789}"#, false),
        ("\u{FEFF}{\"quantity\":1}", false), (#"{"storefront":"\ud800"}"#, false),
        (#"{"storefront":"a\u0000b\u00e9\/\n"}"#, true), ("{\"storefront\":\"a\u{1}\"}", false),
        (#"{"stor\u0065front":"USA"}"#, false), (#"{"unknown":{"deep":[1,"x",null,true,{"k":"v"}]},"price":5}"#, true),
        (#"{"unknown":1.5}"#, false), (#"{"unknown":[1,]}"#, false), (#"{,"price":5}"#, false), (#"{"price":5,}"#, false),
        (#"{"isUpgraded":1}"#, false), (#"{"isUpgraded":null,"price":null}"#, true), (#"[]"#, false), (#" {} "#, true),
        (#"{"commitmentInfo":{"a":1,"a":2}}"#, false), (#"{"expiresDate":1697679936049.7297}"#, false),
    ]

    @Test("edge cases: declined, or decoded exactly as JSONDecoder does", arguments: edges.indices)
    func edgeCases(index: Int) {
        let (json, expectPlain) = Self.edges[index]
        var tally = Tally()
        Self.compare(Data(json.utf8), JWSTransactionDecodedPayload.plainDecoded(from:), as: JWSTransactionDecodedPayload.self, tally: &tally)
        #expect((tally.plain == 1) == expectPlain, "\(json): \(tally)")
    }

    @Test("invalid UTF-8 in a string is declined")
    func invalidUTF8() {
        let data = Data(#"{"storefront":""#.utf8) + Data([0xC3, 0x28]) + Data(#""}"#.utf8)
        #expect(data.withUnsafeBytes(JWSTransactionDecodedPayload.plainDecoded(from:)) == nil)
    }
}
