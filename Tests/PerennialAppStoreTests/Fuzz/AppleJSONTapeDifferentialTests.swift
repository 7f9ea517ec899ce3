import Foundation
@testable import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

/// `AppleFields` read from a tape (straight from the body's bytes) against the same fields as plain values:
/// every accessor gives the same answer for every key of every object, on Apple's 50-entry body, on
/// thousands of mutations of a receipt, and on a body of odd but lenient values.
@Suite("AppleFields on a tape read as they do on values")
struct AppleJSONTapeDifferentialTests {
    /// Keys asked of every object: its own, every known key, and some no object has.
    static func keys(of fields: AppleFields) -> Set<String> {
        Set(fields.values.keys).union(AppleFieldKeys.all).union(["missing", "x_ms", "odd", "odd_ms", ""])
    }

    /// Compares every accessor on every object of the tape of `body`; returns how many objects it compared,
    /// or nil when the tape builder declined the body.
    static func compareEveryObject(in body: Data) -> Int? {
        guard let root = body.withUnsafeBytes(AppleFields.plainDecoded(from:)), let tape = root.parsed?.tape else { return nil }
        let objects = tape.nodes.indices.filter { tape.nodes[$0].kind == .object }
        for object in objects {
            let parsed = AppleFields(tape: tape, object: object)
            let plain = AppleFields(parsed.values)
            for name in keys(of: plain) {
                let key = AppleFieldKey(name)
                #expect(parsed.string(name) == plain.string(name), "string \(name)")
                #expect(parsed.string(key) == plain.string(key), "string \(name)")
                #expect(parsed.integer(key) == plain.integer(key), "integer \(name)")
                #expect(parsed.bool(key) == plain.bool(key), "bool \(name)")
                #expect(parsed.instant(key) == plain.instant(key), "instant \(name)")
                #expect(parsed.identifier(key) == plain.identifier(key), "identifier \(name)")
                // Given another entry's id, the same text or not, it still reads its own.
                let identifier = plain.identifier(key)
                for candidate in [identifier, identifier.map { $0 + "x" }, identifier.map { String($0.dropLast()) + "~" }, nil] {
                    #expect(parsed.identifier(key, reusing: candidate) == identifier, "identifier \(name), given another entry's")
                }
                #expect(parsed.contains(name) == plain.contains(name), "contains \(name)")
                #expect(parsed.object(key) == plain.object(key), "object \(name)")
                #expect(parsed.objects(key) == plain.objects(key), "objects \(name)")
            }
            let excluded: [AppleFieldKey] = [.status, .receipt, AppleFieldKey("odd")]
            #expect(parsed.values(excluding: excluded) == plain.values(excluding: excluded))
        }
        return objects.count
    }

    @Test("Apple's 50-entry verifyReceipt body")
    func appleBody() throws {
        let body = try PerennialTesting.Fixtures.data("conformance/verify_receipt_50.json")
        #expect(Self.compareEveryObject(in: body) == 103)  // the response, its receipt, 50 + 50 entries, 1 renewal info
    }

    @Test("1,200 mutations of a verifyReceipt answer")
    func mutatedReceipts() throws {
        var mutator = PayloadMutator(seed: 0x7A9E_0001)
        var compared = 0
        let original = try VerifyReceiptFuzzTests.original
        for _ in 0..<1_200 where Self.compareEveryObject(in: mutator.mutate(original).data) != nil {
            compared += 1
        }
        #expect(compared > 120)
    }

    /// Translates the response read from `body` on its tape and as plain values; true when both give the same
    /// facts (false when the body is not a response the tape reads).
    static func translatesAlike(_ body: Data) -> Bool {
        guard let parsed = body.withUnsafeBytes(VerifyReceiptResponse.plainDecoded(from:)),
              let root = body.withUnsafeBytes(AppleFields.plainDecoded(from:)),
              let plain = try? VerifyReceiptResponse(fields: AppleFields(root.values)) else { return false }
        let now = Instant(milliseconds: 1_780_000_000_000)
        let fromTape = ReceiptFactTranslator().translate(parsed, fallbackObservedAt: now)
        let fromValues = ReceiptFactTranslator().translate(plain, fallbackObservedAt: now)
        #expect(fromTape == fromValues)
        return true
    }

    /// The fuzz tests' receipt with `latest_receipt_info` holding the very entries of `in_app`: mutations then
    /// leave some copies identical and make others differ.
    static var duplicated: Data {
        get throws {
            var object = try JSONSerialization.jsonObject(with: VerifyReceiptFuzzTests.original) as? [String: Any] ?? [:]
            object["latest_receipt_info"] = (object["receipt"] as? [String: Any])?["in_app"]
            return try JSONSerialization.data(withJSONObject: object)
        }
    }

    @Test("translation skips byte-identical copies without changing the facts")
    func translation() throws {
        #expect(Self.translatesAlike(try PerennialTesting.Fixtures.data("conformance/verify_receipt_50.json")))
        var mutator = PayloadMutator(seed: 0x7A9E_0002)
        var compared = 0
        let duplicated = try Self.duplicated
        for _ in 0..<600 where Self.translatesAlike(mutator.mutate(duplicated).data) { compared += 1 }
        #expect(compared > 60)
    }

    @Test("a copy as long as the first but not the same is still merged")
    func sameLengthCopy() throws {
        let entry = #"{"product_id":"p","transaction_id":"1","purchase_date_ms":"1000","expires_date_ms":"5000"}"#
        let later = entry.replacingOccurrences(of: "5000", with: "6000")
        let body = Data(#"{"status":0,"receipt":{"in_app":[\#(entry)]},"latest_receipt_info":[\#(entry),\#(later)]}"#.utf8)
        #expect(Self.translatesAlike(body))
        let response = try #require(body.withUnsafeBytes(VerifyReceiptResponse.plainDecoded(from:)))
        let facts = ReceiptFactTranslator().translate(response, fallbackObservedAt: Instant(milliseconds: 0)).batch.transactions
        #expect(facts.map(\.expiresAt) == [Instant(milliseconds: 6000)])
    }

    /// Values Apple's fields can take that the lenient readers must treat alike whichever way they are stored.
    static let oddValues: [String] = [
        #"" 7 ""#, #""+5""#, #""-0""#, #""007""#, #""-""#, #""""#, #"" ""#, "\"\\t x \\t\"", #""123456789012345678""#,
        #""1234567890123456789""#, #""-123456789012345678""#, #""TRUE""#, #""tRuE""#, #""False""#, #""1""#, #""0""#,
        #""2""#, "1", "0", "2", "-7", "true", "false", "null", #""é""#, #""\u0041BC""#, #""ＴＲＵＥ""#, #"{"a":1}"#,
        #"[1,"2"]"#, #""2025-06-01 00:00:00 Etc/GMT""#, #""1748736000000""#, "1748736000000", #"" 1748736000000 ""#,
        #""tru""#, #""truex""#, #""\u0031""#, #"" PURCHASED ""#,
    ]

    @Test("odd values under known and unknown keys", arguments: oddValues)
    func oddValue(value: String) {
        let body = #"{"quantity":\#(value),"is_upgraded":\#(value),"purchase_date":\#(value),"expires_date_ms":\#(value),"#
            + #""odd":\#(value),"odd_ms":\#(value),"in_app_ownership_type":\#(value),"cancellation_date":\#(value),"#
            + #""nested":{"product_id":\#(value),"in_app":[\#(value),{"transaction_id":\#(value)}]}}"#
        #expect(Self.compareEveryObject(in: Data(body.utf8)) == 3 + (value.hasPrefix("{") ? 11 : 0))
    }

    @Test("a key repeated in one object is declined, however it is spelled")
    func repeatedKeys() {
        for body in [
            #"{"product_id":"a","product_id":"b"}"#, #"{"product_id":"a","product\u005fid":"b"}"#,
            #"{"odd":1,"odd":2}"#, #"{"odd":1,"o\u0064d":2}"#, #"{"x":{"odd":1,"y":[],"odd":2}}"#,
        ] {
            #expect(Data(body.utf8).withUnsafeBytes(AppleFields.plainDecoded(from:)) == nil, "\(body)")
        }
        #expect(Data(#"{"x":{"odd":1},"odd":{"odd":2}}"#.utf8).withUnsafeBytes(AppleFields.plainDecoded(from:)) != nil)
    }

    @Test("keys guessed from the entry before are checked: longer, shorter and escaped spellings are read as written")
    func guessedKeys() throws {
        let body = #"{"in_app":[{"product_id":"a","expires_date":"x"},{"product_id":"b","expires_date_ms":"5"},"#
            + #"{"product_id":"c","expires":"y"},{"product\u005fid":"d","expires_date":"z"},{"product_id":"e","expires_date":"w"}]}"#
        let fields = try #require(Data(body.utf8).withUnsafeBytes(AppleFields.plainDecoded(from:)))
        let entries = try #require(fields.objects(.inApp))
        #expect(entries.map { $0.string(.productID) } == ["a", "b", "c", "d", "e"])
        #expect(entries.map { $0.string(.expiresDate) } == ["x", nil, nil, "z", "w"])
        #expect(entries.map { $0.integer(AppleFieldKey("expires_date_ms")) } == [nil, 5, nil, nil, nil])
        #expect(entries.map { $0.string("expires") } == [nil, nil, "y", nil, nil])
        #expect(Self.compareEveryObject(in: Data(body.utf8)) == 6)
    }

    @Test("an escaped spelling of a known key is the known key")
    func escapedKnownKey() throws {
        let fields = try #require(Data(#"{"product\u005fid":"a","purchase_date\u005fms":"5"}"#.utf8).withUnsafeBytes(AppleFields.plainDecoded(from:)))
        #expect(fields.string(.productID) == "a")
        #expect(fields.instant(.purchaseDate) == Instant(milliseconds: 5))
    }
}
