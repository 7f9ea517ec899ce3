import Foundation

/// A tokenizer for delimited text: the tab-separated reports of App Store Connect and the comma-separated
/// reports of Google Play. Works on bytes, so a hostile file costs at most its size plus the limits below.
///
/// - A byte-order mark is dropped; UTF-16 text (with a BOM, as Google Cloud Storage may deliver Play's
///   reports) is converted to UTF-8 first.
/// - Lines end with `\n`, `\r\n` or `\r`; blank lines are skipped.
/// - With `quoting`, a field that starts with `"` runs to the next lone `"`, may hold separators, line
///   breaks and doubled quotes (`""` is one `"`); a quote inside an unquoted field is kept as it is.
public struct DelimitedText: Sendable {
    /// One line of fields, with the number of the line it starts on (1 is the first line).
    public struct Record: Sendable, Hashable {
        public var line: Int
        public var fields: [String]
    }

    /// The field separator (`\t` or `,`).
    public var separator: UInt8
    /// Whether `"` quotes fields.
    public var quoting: Bool
    /// The longest field accepted, in bytes.
    public var maximumFieldBytes: Int
    /// The most fields one line may have.
    public var maximumFields: Int
    /// The most records a file may have.
    public var maximumRecords: Int

    /// Tab-separated, unquoted: App Store Connect's reports (a title may contain a `"`).
    public static let tabSeparated = DelimitedText(separator: UInt8(ascii: "\t"), quoting: false)
    /// Comma-separated with quoting (RFC 4180): Google Play's reports.
    public static let commaSeparated = DelimitedText(separator: UInt8(ascii: ","), quoting: true)

    public init(
        separator: UInt8, quoting: Bool, maximumFieldBytes: Int = 65_536, maximumFields: Int = 512,
        maximumRecords: Int = 10_000_000
    ) {
        self.separator = separator
        self.quoting = quoting
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumFields = maximumFields
        self.maximumRecords = maximumRecords
    }

    /// The records of `data`, decoded as described above.
    public func records(_ data: Data) throws -> [Record] {
        try records(utf8: Self.utf8Bytes(data))
    }

    /// The records of UTF-8 bytes.
    public func records(utf8 bytes: [UInt8]) throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1, recordLine = 1, index = 0
        var fieldStarted = false
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), carriage = UInt8(ascii: "\r")

        func endField() throws {
            guard fields.count < maximumFields else { throw StoreReportError.tooManyFields(line: recordLine) }
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldStarted = false
        }
        func endRecord() throws {
            try endField()
            if !(fields.count == 1 && fields[0].isEmpty) {
                guard records.count < maximumRecords else { throw StoreReportError.tooManyLines }
                records.append(Record(line: recordLine, fields: fields))
            }
            fields.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if quoting, byte == quote, !fieldStarted, field.isEmpty {
                let opened = line
                index += 1
                var closed = false
                while index < bytes.count {
                    let inner = bytes[index]
                    if inner == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            field.append(quote)
                            index += 2
                            continue
                        }
                        closed = true
                        index += 1
                        break
                    }
                    if inner == newline || (inner == carriage && (index + 1 >= bytes.count || bytes[index + 1] != newline)) {
                        line += 1
                    }
                    field.append(inner)
                    guard field.count <= maximumFieldBytes else { throw StoreReportError.fieldTooLong(line: opened) }
                    index += 1
                }
                guard closed else { throw StoreReportError.unterminatedQuote(line: opened) }
                fieldStarted = true
                continue
            }
            if byte == separator {
                try endField()
            } else if byte == newline || byte == carriage {
                if byte == carriage, index + 1 < bytes.count, bytes[index + 1] == newline { index += 1 }
                try endRecord()
                line += 1
                recordLine = line
            } else {
                field.append(byte)
                fieldStarted = true
                guard field.count <= maximumFieldBytes else { throw StoreReportError.fieldTooLong(line: recordLine) }
            }
            index += 1
        }
        if !fields.isEmpty || fieldStarted || !field.isEmpty { try endRecord() }
        return records
    }

    /// The text as UTF-8 bytes without a byte-order mark; UTF-16 with a BOM is converted.
    static func utf8Bytes(_ data: Data) throws -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard bytes.count % 2 == 0 else { throw StoreReportError.notText }
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index + 1 < bytes.count {
                let pair = little
                    ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                    : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
                units.append(pair)
                index += 2
            }
            return Array(String(decoding: units, as: UTF16.self).utf8)
        }
        return bytes
    }
}
