import Foundation

/// Reads the typed values of report fields: whole numbers, decimal amounts, dates. Every failure is a
/// `StoreReportError` naming the column and line.
public enum ReportValue {
    /// A whole number of units (`3`, `-1`, `3.00`: Apple's `Units` column is DECIMAL(18,2)).
    public static func units(_ text: String, column: String, line: Int) throws -> Int {
        let bad = StoreReportError.badNumber(column: column, line: line, value: text)
        guard let (negative, whole, fraction) = decimalParts(text), fraction.allSatisfy({ $0 == "0" }),
              whole.count <= 12, let value = Int(whole.isEmpty ? "0" : whole)
        else { throw bad }
        return negative ? -value : value
    }

    /// An exact amount in a currency's minor units (`9.99` USD is 999; `-0.99` is -99); nil when the text
    /// is empty or the currency is not a 3-letter code. A value with more decimals than the currency has is a
    /// `badNumber` unless the extra digits are zeros.
    public static func money(_ text: String, currency: String, column: String, line: Int) throws -> Money? {
        let code = currency.uppercased()
        guard !text.isEmpty, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let bad = StoreReportError.badNumber(column: column, line: line, value: text)
        guard let (negative, whole, fraction) = decimalParts(text),
              whole.count <= 15
        else { throw bad }
        let digits = Money.minorUnitDigits(of: code)
        guard fraction.dropFirst(digits).allSatisfy({ $0 == "0" }) else { throw bad }
        let kept = String(fraction.prefix(digits))
        let padded = kept + String(repeating: "0", count: digits - kept.count)
        guard let minor = Int64((whole.isEmpty ? "0" : whole) + padded) else { throw bad }
        return Money(minorUnits: negative ? -minor : minor, currency: code)
    }

    /// A calendar date written `MM/DD/YYYY` (App Store Connect), `YYYY-MM-DD`, or `MMM d, YYYY` (`Jan 5,
    /// 2026`, Google Play's earnings reports).
    public static func date(_ text: String, column: String, line: Int) throws -> CivilDate {
        let bad = StoreReportError.badDate(column: column, line: line, value: text)
        guard text.count <= 20 else { throw bad }
        if let date = CivilDate(iso: text) { return date }
        let slashed = text.split(separator: "/", omittingEmptySubsequences: false)
        if slashed.count == 3, slashed.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
           slashed[2].count == 4, let month = Int(slashed[0]), let day = Int(slashed[1]), let year = Int(slashed[2]),
           let date = CivilDate(year: year, month: month, day: day) {
            return date
        }
        let words = text.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        if words.count == 3, let month = monthNumber(words[0]), let day = Int(words[1]), let year = Int(words[2]),
           words[2].count == 4, let date = CivilDate(year: year, month: month, day: day) {
            return date
        }
        throw bad
    }

    /// A signed decimal split into its sign, whole digits and fraction digits; nil for anything else.
    static func decimalParts(_ text: String) -> (Bool, String, String)? {
        var body = Substring(text)
        var negative = false
        if body.first == "-" || body.first == "+" {
            negative = body.first == "-"
            body = body.dropFirst()
        }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        guard !(whole.isEmpty && fraction.isEmpty), fraction.count <= 18,
              (whole + fraction).allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return (negative, whole, fraction)
    }

    static func monthNumber(_ word: Substring) -> Int? {
        let prefix = word.prefix(3).lowercased()
        guard word.count >= 3 else { return nil }
        return CivilDate.monthNames.firstIndex { $0.prefix(3).lowercased() == prefix }.map { $0 + 1 }
    }
}
