import Foundation
@testable import PerennialCore
import Testing

/// `PlainJSONEncoder` writes any `Encodable` through its own `encode(to:)`: whenever it answers, it answers
/// byte for byte what `JSONEncoder` with sorted keys and unescaped slashes writes; whatever it cannot be sure
/// of, it declines.
@Suite("PlainJSONEncoder: any Encodable, as JSONEncoder writes it, or declined")
struct PlainJSONEncoderTests {
    enum Colour: String, Codable { case red, green }

    struct Empty: Codable {}

    struct Inner: Codable {
        var name: String
        var count: UInt8
        var flags: [Bool]
    }

    /// Writes `null` for an absent value instead of leaving the key out, and a nested container by hand.
    struct Explicit: Encodable {
        var note: String?
        enum CodingKeys: String, CodingKey { case note, span, zeta }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)
            var span = container.nestedUnkeyedContainer(forKey: .span)
            try span.encode(Int16(-7))
            try span.encodeNil()
            var inner = span.nestedContainer(keyedBy: CodingKeys.self)
            try inner.encode(UInt32.max, forKey: .zeta)
            try container.encode("last wins", forKey: .zeta)
            try container.encode("later", forKey: .zeta)
        }
    }

    struct Model: Encodable {
        var id: Int64
        var small: Int8?
        var unsigned: UInt64
        var plain: Int
        var colour: Colour
        var inner: Inner?
        var list: [Inner]
        var table: [String: Int]
        var numbered: [Int: String]
        var words: [String?]
        var nested: [[Int]]
        var empty: Empty
        var explicit: Explicit
        var text: String
    }

    static let model = Model(
        id: -42, small: nil, unsigned: .max, plain: Int.min, colour: .green,
        inner: Inner(name: "é\n\u{1}\u{7F}\u{2028}/\\\"", count: 255, flags: [true, false]),
        list: [Inner(name: "", count: 0, flags: [])], table: ["b": -2, "a": 1, "É": 3, "Z": 4, "aa": 5],
        numbered: [10: "ten", 2: "two", -1: "minus"], words: ["x", nil], nested: [[], [1, 2]], empty: Empty(),
        explicit: Explicit(note: nil), text: "tab\there, emoji 🙂, quote \" and a slash /")

    static func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let direct = try #require(PlainJSONEncoder.encode(Self.model))
        #expect(direct == (try Self.foundation(Self.model)))
        #expect(direct.contains(#""small""#) == false, "an absent optional leaves its key out")
        #expect(direct.contains(#""note":null"#), "an explicit nil is written")
    }

    @Test func writesTopLevelFragmentsAndCollections() throws {
        for value in ["top \"level\"", "", "ünï"] {
            #expect(PlainJSONEncoder.encode(value) == (try Self.foundation(value)))
        }
        #expect(PlainJSONEncoder.encode([3, 1, 2]) == "[3,1,2]")
        #expect(PlainJSONEncoder.encode(["k": [Colour.red]]) == (try Self.foundation(["k": [Colour.red]])))
        #expect(PlainJSONEncoder.encode(Optional<Int>.none) == (try Self.foundation(Optional<Int>.none)))
        #expect(PlainJSONEncoder.encode(true) == "true")
    }

    @Test func typesJSONEncoderWritesItsOwnWayAreDeclined() {
        struct Dated: Encodable { var at = Date(timeIntervalSince1970: 0) }
        struct Linked: Encodable { var url = URL(string: "https://example.com/a")! }
        struct Measured: Encodable { var value = 1.0 }
        struct Bytes: Encodable { var data = Data([1, 2]) }
        struct Exact: Encodable { var amount = Decimal(string: "1.10")! }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(PlainJSONEncoder.encode(Dated()) == nil)
        #expect(PlainJSONEncoder.encode(Linked()) == nil)
        #expect(PlainJSONEncoder.encode(Measured()) == nil)
        #expect(PlainJSONEncoder.encode([Float(1)]) == nil)
        #expect(PlainJSONEncoder.encode([Float16(1)]) == nil)
        // A value that hands itself to a single-value container, as a scalar type not listed would, is
        // declined instead of being encoded again and again.
        struct Looping: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(self)
            }
        }
        #expect(PlainJSONEncoder.encode(["loop": Looping()]) == nil)
        #expect(PlainJSONEncoder.encode(Bytes()) == nil)
        #expect(PlainJSONEncoder.encode(Exact()) == nil)
        // Nothing at the top level is an error for JSONEncoder; nested, it writes `{}`.
        #expect(PlainJSONEncoder.encode(Nothing()) == nil)
        #expect(PlainJSONEncoder.encode(["n": Nothing()]) == #"{"n":{}}"#)
    }

    @Test func aSuperEncoderIsDeclined() {
        struct Parent: Encodable {
            enum CodingKeys: CodingKey { case value }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(1, forKey: .value)
                try "child".encode(to: container.superEncoder())
            }
        }
        #expect(PlainJSONEncoder.encode(Parent()) == nil)
        #expect(PlainJSONEncoder.encode(["nested": Parent()]) == nil)
    }
}
