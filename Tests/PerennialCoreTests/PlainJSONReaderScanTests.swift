import Foundation
import Testing

@testable import PerennialCore

@Suite("PlainJSONReader's word-at-a-time scans: the first special byte, equal bytes, strings at every alignment")
struct PlainJSONReaderScanTests {
    /// Bytes that end a string's plain run, and plain ones.
    static let specialBytes: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x0A, 0x1F, 0x80, 0xC3, 0xFF]
    static let plainBytes: [UInt8] = (0x20...0x7E).filter { $0 != 0x22 && $0 != 0x5C }

    private static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
    }

    @Test func theLowestFlagIsTheFirstSpecialByte() {
        var random = SystemRandomNumberGenerator()
        for position in 0..<8 {
            for special in Self.specialBytes {
                for _ in 0..<50 {
                    var bytes = (0..<8).map { _ in Self.plainBytes.randomElement(using: &random)! }
                    bytes[position] = special
                    // Whatever follows it, special or not (a control byte borrows from the byte above it).
                    for later in (position + 1)..<8 where Bool.random(using: &random) {
                        bytes[later] = Self.specialBytes.randomElement(using: &random)!
                    }
                    let flags = PlainJSONReader.specialBytes(Self.word(bytes))
                    #expect(flags.trailingZeroBitCount >> 3 == position, "\(bytes)")
                }
            }
        }
        for _ in 0..<2_000 {
            let bytes = (0..<8).map { _ in Self.plainBytes.randomElement(using: &random)! }
            #expect(PlainJSONReader.specialBytes(Self.word(bytes)) == 0, "\(bytes)")
        }
    }

    @Test func sameBytesAgreesWithAByteComparison() {
        for count in 0...40 {
            let base = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            var variants = [base]
            for position in 0..<count {
                var changed = base
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for other in variants {
                let same = base.withUnsafeBytes { lhs in
                    other.withUnsafeBytes { rhs in
                        PlainJSONReader.sameBytes(lhs.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                                                  rhs.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count)
                    }
                }
                #expect(same == (other == base), "count \(count)")
            }
        }
    }

    /// Every string of up to 24 bytes with one quote, escape, control or non-ASCII byte at each position, read
    /// at every offset in the body: the reader gives what `JSONDecoder` gives, and declines what it rejects.
    @Test func stringsAtEveryAlignmentReadAsJSONDecoderReadsThem() throws {
        let insertions: [[UInt8]] = [[0x5C, 0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x0A], [0xC3, 0xA9], [0xFF], [0x22]]
        for length in 0...24 {
            let plain = (0..<length).map { Self.plainBytes[($0 * 7) % Self.plainBytes.count] }
            var texts = [plain]
            for position in 0...length {
                for insertion in insertions { texts.append(Array(plain[..<position]) + insertion + plain[position...]) }
            }
            for text in texts {
                for padding in 0..<8 {
                    let body = Array(repeating: UInt8(ascii: " "), count: padding) + [0x22] + text + [0x22]
                    let expected = try? JSONDecoder().decode(String.self, from: Data(body))
                    let read: String? = body.withUnsafeBytes { bytes in
                        var reader = PlainJSONReader(bytes)
                        guard let string = try? reader.string(), (try? reader.finish()) != nil else { return nil }
                        return string
                    }
                    // Every insertion is either valid JSON the reader reads (escapes, UTF-8) or invalid (a raw control
                    // byte, a bare quote, invalid UTF-8), so the two agree exactly: nothing is declined needlessly.
                    #expect(read == expected, "\(text)")
                    if !text.contains(where: { Self.specialBytes.contains($0) }) { #expect(read == String(decoding: text, as: UTF8.self)) }
                }
            }
        }
    }
}
