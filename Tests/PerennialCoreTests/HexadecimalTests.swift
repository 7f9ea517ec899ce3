import Foundation
import PerennialCore
import Testing

@Suite("Hexadecimal")
struct HexadecimalTests {
    @Test func everyByteIsWrittenAsTwoLowercaseDigitsAsFormatWritesIt() {
        let bytes = (0...255).map(UInt8.init)
        #expect(Hexadecimal.lowercase(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        #expect(Hexadecimal.lowercase([UInt8]()) == "")
    }

    @Test func writingThenReadingGivesTheBytesBack() {
        let bytes: [UInt8] = [0x00, 0x0F, 0xA0, 0xFF, 0x7E]
        #expect(Hexadecimal.lowercase(bytes) == "000fa0ff7e")
        #expect(Hexadecimal.bytes(Array(Hexadecimal.lowercase(bytes).utf8)) == bytes)
    }
}
