import Foundation

extension ExchangeRates {
    /// Why a rates file was refused: its line (1-based) and what is wrong there.
    public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
        public var line: Int
        public var problem: String
        public var description: String { "line \(line): \(problem)" }
    }

    /// Reads `date,currency,rate` lines (a header line naming those columns is allowed, as are blank lines
    /// and `#` comments): an ISO date, a three-letter currency and a positive decimal rate. The same
    /// currency twice on one date is refused, as is anything malformed.
    public init(reportingCurrency: String, csv text: String) throws(FileError) {
        var rates: [Rate] = []
        var seen: Set<String> = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if index == 0, fields.map({ $0.lowercased() }) == ["date", "currency", "rate"] { continue }
            guard fields.count == 3 else { throw FileError(line: index + 1, problem: "expected date,currency,rate") }
            guard let date = CivilDate(iso: fields[0]) else { throw FileError(line: index + 1, problem: "the date is not YYYY-MM-DD") }
            let currency = fields[1].uppercased()
            guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw FileError(line: index + 1, problem: "the currency is not a three-letter ISO 4217 code")
            }
            guard fields[2].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                  let rate = Decimal(string: fields[2], locale: Locale(identifier: "en_US_POSIX")), rate > 0
            else { throw FileError(line: index + 1, problem: "the rate is not a positive decimal number") }
            guard seen.insert("\(date) \(currency)").inserted else {
                throw FileError(line: index + 1, problem: "\(currency) has two rates on \(date)")
            }
            rates.append(Rate(date: date, currency: currency, rate: rate))
        }
        self.init(reportingCurrency: reportingCurrency, rates: rates)
    }
}
