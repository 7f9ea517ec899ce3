import PerennialCore
import Testing

@Suite("Report values")
struct ReportValueTests {
    @Test func datesInTheStoresFormats() throws {
        for text in ["03/01/2026", "2026-03-01", "Mar 1, 2026", "March 1, 2026"] {
            #expect(try ReportValue.date(text, column: "d", line: 2).description == "2026-03-01")
        }
    }

    @Test(arguments: ["", "13/01/2026", "02/30/2026", "2026-3-1", "Smarch 1, 2026", "1/1/26", "03/01/2026/1"])
    func badDates(_ text: String) {
        #expect(throws: StoreReportError.badDate(column: "Begin Date", line: 7, value: text)) {
            try ReportValue.date(text, column: "Begin Date", line: 7)
        }
    }

    @Test func unitsAreWholeNumbers() throws {
        #expect(try ReportValue.units("3", column: "Units", line: 2) == 3)
        #expect(try ReportValue.units("-1.00", column: "Units", line: 2) == -1)
        for text in ["", "1.5", "three", "1e3", "99999999999999999999", "--1"] {
            #expect(throws: StoreReportError.badNumber(column: "Units", line: 2, value: text)) {
                try ReportValue.units(text, column: "Units", line: 2)
            }
        }
    }

    @Test func amountsAreExactInTheCurrencysMinorUnits() throws {
        #expect(try ReportValue.money("9.99", currency: "usd", column: "p", line: 2) == Money(minorUnits: 999, currency: "USD"))
        #expect(try ReportValue.money("-.99", currency: "EUR", column: "p", line: 2) == Money(minorUnits: -99, currency: "EUR"))
        #expect(try ReportValue.money("980.00", currency: "JPY", column: "p", line: 2) == Money(minorUnits: 980, currency: "JPY"))
        #expect(try ReportValue.money("", currency: "USD", column: "p", line: 2) == nil)
        #expect(try ReportValue.money("1.00", currency: "", column: "p", line: 2) == nil)
        #expect(throws: StoreReportError.badNumber(column: "p", line: 2, value: "9.999")) {
            try ReportValue.money("9.999", currency: "USD", column: "p", line: 2)
        }
    }
}
