import Foundation
@testable import PerennialCore
import Testing

/// `PlainJSONDecoder` reads any `Decodable` through its own `init(from:)`: whenever it answers, it answers
/// what `JSONDecoder` answers; whatever it is unsure of, it leaves to `JSONDecoder`.
@Suite("PlainJSONDecoder: any Decodable, as JSONDecoder reads it, or declined")
struct PlainJSONDecoderTests {
    enum Colour: String, Codable, Equatable { case red, green }

    struct Inner: Codable, Equatable {
        var name: String
        var count: UInt8
        var flags: [Bool]
    }

    struct Model: Codable, Equatable {
        var id: Int64
        var small: Int8?
        var colour: Colour
        var inner: Inner?
        var list: [Inner]
        var table: [String: Int]
        var words: [String?]
        var nested: [[Int]]
    }

    static let decoded = """
    {"id": -42, "colour": "red", "inner": {"name": "é\\n\\u0041", "count": 255, "flags": [true, false]},
     "list": [{"name": "", "count": 0, "flags": []}], "table": {"a": 1, "b": -2},
     "words": ["x", null], "nested": [[], [1, 2]], "extra": {"ignored": [null, {}]}}
    """

    @Test func decodesWhatJSONDecoderDecodes() throws {
        let direct = try #require(PlainJSONDecoder.decode(Model.self, from: Self.decoded))
        #expect(direct == (try JSONDecoder().decode(Model.self, from: Data(Self.decoded.utf8))))
        #expect(direct.small == nil && direct.inner?.name == "é\nA" && direct.table == ["a": 1, "b": -2])
    }

    @Test(arguments: [
        // A repeated key, at the top or nested.
        #"{"id": 1, "id": 2, "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": 1, "colour": "red", "list": [], "table": {"a": 1, "a": 2}, "words": [], "nested": []}"#,
        // Values JSONDecoder reports as errors: a missing key, a null where a value is needed, an unknown case,
        // an integer out of range, a string where a number is needed.
        #"{"colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": null, "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": 1, "colour": "blue", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": 1, "small": 128, "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": "1", "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        // Shapes the reader leaves to JSONDecoder: a fraction, an exponent, trailing text.
        #"{"id": 1.0, "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": 1e2, "colour": "red", "list": [], "table": {}, "words": [], "nested": []}"#,
        #"{"id": 1, "colour": "red", "list": [], "table": {}, "words": [], "nested": []} x"#,
    ])
    func declines(_ text: String) {
        #expect(PlainJSONDecoder.decode(Model.self, from: text) == nil)
    }

    @Test func typesJSONDecoderReadsItsOwnWayAreDeclined() {
        struct Dated: Decodable { var at: Date }
        struct Linked: Decodable { var url: URL }
        struct Measured: Decodable { var value: Double }
        #expect(PlainJSONDecoder.decode(Dated.self, from: #"{"at": 0}"#) == nil)
        #expect(PlainJSONDecoder.decode(Linked.self, from: #"{"url": "https://example.com"}"#) == nil)
        #expect(PlainJSONDecoder.decode(Measured.self, from: #"{"value": 1}"#) == nil)
        #expect(PlainJSONDecoder.decode([Int].self, from: "[1, 2, 3]") == [1, 2, 3])
        #expect(PlainJSONDecoder.decode(String.self, from: #" "top" "#) == "top")
    }

    @Test func deepNestingDeclines() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(PlainJSONDecoder.decode(NestedArray.self, from: deep) == nil)
    }

    indirect enum NestedArray: Decodable {
        case list([NestedArray])
        init(from decoder: any Decoder) throws {
            self = .list(try decoder.singleValueContainer().decode([NestedArray].self))
        }
    }
}
