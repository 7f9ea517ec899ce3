import PerennialCore

/// The dates of app receipts: RFC 3339 text in an IA5String, `2024-02-23T17:27:16Z`; Xcode writes numeric
/// offsets without a colon (`2020-07-22T18:33:15+0100`). An empty string means "no date".
public enum AppReceiptDate {
    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM|±HH)` (a space or a lowercase `t` may separate
    /// date and time; fractions are cut to milliseconds). Returns nil for an empty or invalid string, or an
    /// invalid calendar date such as February 30.
    public static func parse(_ text: String) -> Instant? {
        var scanner = Scanner(Array(text.utf8))
        guard
            let year = scanner.digits(4), scanner.take("-"),
            let month = scanner.digits(2), scanner.take("-"),
            let day = scanner.digits(2), scanner.take(oneOf: "Tt "),
            let hour = scanner.digits(2), scanner.take(":"),
            let minute = scanner.digits(2), scanner.take(":"),
            let second = scanner.digits(2)
        else { return nil }
        var milliseconds = 0
        if scanner.take(".") {
            var scale = 100, count = 0
            while let digit = scanner.digit() {
                milliseconds += digit * scale
                scale /= 10
                count += 1
            }
            guard count > 0 else { return nil }
        }
        guard let offsetMinutes = scanner.offset(), scanner.atEnd else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = Int64(daysSinceEpoch(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3_600 + minute * 60 + min(second, 59) - offsetMinutes * 60)
        return Instant(milliseconds: seconds * 1_000 + Int64(milliseconds))
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Reads ASCII from the front of a byte array.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index == bytes.count }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }

        mutating func take(_ character: Unicode.Scalar) -> Bool { take(oneOf: String(character)) }

        mutating func take(oneOf characters: String) -> Bool {
            guard index < bytes.count, characters.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }

        /// `Z`, `±HH`, `±HHMM` or `±HH:MM`, as minutes east of UTC.
        mutating func offset() -> Int? {
            if take(oneOf: "Zz") { return 0 }
            let sign: Int
            if take("+") { sign = 1 } else if take("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), hours < 24 else { return nil }
            if atEnd { return sign * hours * 60 }
            _ = take(":")
            guard let minutes = digits(2), minutes < 60 else { return nil }
            return sign * (hours * 60 + minutes)
        }
    }
}
