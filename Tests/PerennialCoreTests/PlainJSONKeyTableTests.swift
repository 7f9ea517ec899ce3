import Testing

@testable import PerennialCore

@Suite("PlainJSONKeyTable: keys found by their bytes, repeats declined")
struct PlainJSONKeyTableTests {
    enum Field: String, CaseIterable, Sendable {
        case empty = ""
        case a, ab, ba, longerKey
    }

    private func lookUp(_ key: String, seen: inout UInt64) throws -> Field? {
        var bytes = Array(key.utf8)
        var mark = seen
        defer { seen = mark }
        return try bytes.withUnsafeMutableBytes { buffer in
            try PlainJSONKeyTable<Field>().field(for: UnsafeRawBufferPointer(buffer), seen: &mark)
        }
    }

    @Test func everyKeyIsFoundAndNothingElse() throws {
        var seen: UInt64 = 0
        for field in Field.allCases { #expect(try lookUp(field.rawValue, seen: &seen) == field) }
        #expect(seen == 0b11111)
        for other in ["b", "abc", "A", "longerkey", "longerKeyX"] {
            var none: UInt64 = 0
            #expect(try lookUp(other, seen: &none) == nil)
            #expect(none == 0)
        }
    }

    @Test func aRepeatedKeyDeclines() throws {
        var seen: UInt64 = 0
        #expect(try lookUp("ab", seen: &seen) == .ab)
        #expect(throws: PlainJSONDeclined.self) { try lookUp("ab", seen: &seen) }
        #expect(try lookUp("ba", seen: &seen) == .ba)
    }
}
