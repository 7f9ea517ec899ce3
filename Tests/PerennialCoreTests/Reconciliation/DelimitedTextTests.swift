import Foundation
import PerennialCore
import Testing

@Suite("Delimited text")
struct DelimitedTextTests {
    func fields(_ text: String, _ dialect: DelimitedText = .commaSeparated) throws -> [[String]] {
        try dialect.records(Data(text.utf8)).map(\.fields)
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nlast,,\n"
        #expect(try fields(text) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
    }

    @Test func recordsKnowTheLineTheyStartOn() throws {
        let records = try DelimitedText.commaSeparated.records(Data("h\n\"a\nb\"\nc\n".utf8))
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test func aByteOrderMarkIsDropped() throws {
        #expect(try fields("\u{FEFF}Description,Sku Id\nx,y") == [["Description", "Sku Id"], ["x", "y"]])
    }

    @Test func utf16WithAByteOrderMarkIsRead() throws {
        var data = Data([0xFF, 0xFE])
        for unit in "a,é\n1,2".utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try DelimitedText.commaSeparated.records(data).map(\.fields) == [["a", "é"], ["1", "2"]])
    }

    @Test func tabSeparatedTextKeepsQuotesAsTheyAre() throws {
        #expect(try fields("Title\tUnits\nPro \"Monthly\"\t3\n\"odd\t1\n", .tabSeparated)
            == [["Title", "Units"], ["Pro \"Monthly\"", "3"], ["\"odd", "1"]])
    }

    @Test func blankLinesAreSkipped() throws {
        #expect(try fields("a\n\n\nb\n\n") == [["a"], ["b"]])
    }

    @Test func anUnterminatedQuoteIsAnErrorNamingItsLine() {
        #expect(throws: StoreReportError.unterminatedQuote(line: 2)) {
            try fields("a,b\n1,\"never closed\n3,4\n")
        }
    }

    @Test func aHugeFieldIsRefused() {
        let tokenizer = DelimitedText(separator: UInt8(ascii: ","), quoting: true, maximumFieldBytes: 100)
        #expect(throws: StoreReportError.fieldTooLong(line: 2)) {
            try tokenizer.records(Data(("h\n" + String(repeating: "x", count: 1_000)).utf8))
        }
        #expect(throws: StoreReportError.fieldTooLong(line: 1)) {
            try tokenizer.records(Data(("\"" + String(repeating: "x", count: 1_000) + "\"").utf8))
        }
    }

    @Test func tooManyFieldsOrLinesAreRefused() {
        let tokenizer = DelimitedText(separator: UInt8(ascii: ","), quoting: true, maximumFields: 3, maximumRecords: 2)
        #expect(throws: StoreReportError.tooManyFields(line: 1)) { try tokenizer.records(Data("a,b,c,d".utf8)) }
        #expect(throws: StoreReportError.tooManyLines) { try tokenizer.records(Data("a\nb\nc\n".utf8)) }
    }

    @Test func invalidUTF8NeverCrashes() throws {
        let records = try DelimitedText.commaSeparated.records(Data([0x61, 0x2C, 0xFF, 0xC3, 0x0A]))
        #expect(records.count == 1 && records[0].fields.count == 2)
    }
}
