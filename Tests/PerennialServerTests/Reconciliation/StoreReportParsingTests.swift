import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServer
import PerennialTesting
import Testing

/// The three reports, read from files written in the shape their documentation gives.
@Suite("Store report parsing")
struct StoreReportParsingTests {
    static let march1 = CivilDate(year: 2026, month: 3, day: 1)!

    @Test func appStoreSalesReportCountsInAppPurchasesAndRefunds() throws {
        let report = try StoreReport.read(Fixtures.data("reports/app-store-sales-daily.txt"), formats: StoreModules.reportFormats)
        #expect(report.kind.id == "app_store_sales")
        #expect(report.timeZone.identifier == "America/Los_Angeles")
        #expect(report.days == [Self.march1])
        let summary = report.lines.map { "\($0.productID ?? "-") \($0.kind.rawValue) \($0.count) \($0.amount?.description ?? "-")" }
        // The app download (1F), the free-trial units (price 0) and the restore (IA3) are not sales.
        #expect(summary == [
            "pro.monthly sale 3 999 USD minor units",
            "pro.monthly sale 1 899 GBP minor units",
            "pro.monthly refund 1 999 USD minor units",
            "coins.100 sale 1 99 USD minor units",
            "other.app.pro sale 5 999 USD minor units",
        ])
        #expect(report.lines[0].productName == "Pro \"Monthly\"")
        #expect(report.lines[0].sourceLine == 3)
    }

    @Test func subscriptionEventReportCountsPaidStartsRenewalsAndRefunds() throws {
        let report = try StoreReport.read(
            Fixtures.data("reports/app-store-subscription-events.txt"), formats: StoreModules.reportFormats,
            productIDs: ["6400000101": "pro.monthly"])
        #expect(report.kind.id == "app_store_subscription_events")
        #expect(report.days == [Self.march1, Self.march1.adding(days: 1)])
        let summary = report.lines.map { "\($0.firstDay) \($0.productID ?? "-") \($0.kind.rawValue) \($0.count)" }
        // The free trial's start and the cancellation are not counted.
        #expect(summary == [
            "2026-03-01 pro.monthly sale 2",
            "2026-03-01 pro.monthly renewal 3",
            "2026-03-01 pro.monthly renewal 1",
            "2026-03-01 pro.monthly refund 1",
            "2026-03-02 - renewal 1",
        ])
        #expect(report.lines.last?.productName == "Pro Yearly (6400000102)")
    }

    @Test func playEarningsReportReadsChargesAndRefundsByOrder() throws {
        let report = try StoreReport.read(Fixtures.data("reports/play-earnings.csv"), formats: StoreModules.reportFormats)
        #expect(report.kind.id == "play_earnings")
        #expect(report.timeZone.identifier == "America/Los_Angeles")
        #expect(report.days.count == 3)
        let summary = report.lines.map { "\($0.firstDay) \($0.orderID ?? "-") \($0.productID ?? "-") \($0.kind.rawValue)" }
        // Google's fee, the tax and the fee refund are not sales.
        #expect(summary == [
            "2026-03-01 GPA.3301-1111-2222-33333 pro_monthly sale",
            "2026-03-02 GPA.3301-1111-2222-33333..0 pro_monthly renewal",
            "2026-03-02 GPA.3302-4444-5555-66666 pro_monthly sale",
            "2026-03-03 GPA.3301-1111-2222-33333 pro_monthly refund",
        ])
        #expect(report.lines[0].productName == "Pro, \"Monthly\" (Example)")
        #expect(report.lines[1].productName == "Pro monthly\nsecond line")
        #expect(report.lines[0].amount == Money(minorUnits: 499, currency: "USD"))
    }

    @Test func columnsAreFoundByNameInAnyOrderAndUnknownOnesIgnored() throws {
        let text = "Sku Id,New Column,Transaction Type,Transaction Date,Description\npro,zzz,Charge,2026-03-05,GPA.1\n"
        let report = try StoreReport.read(Data(text.utf8), formats: StoreModules.reportFormats)
        #expect(report.lines.map(\.orderID) == ["GPA.1"])
        #expect(report.timeZone.secondsFromGMT() == 0)
    }

    @Test func aMissingColumnIsNamed() {
        let text = "Provider\tSKU\tProduct Type Identifier\tUnits\tEnd Date\nAPPLE\tpro\tIAY\t1\t03/01/2026\n"
        #expect(throws: StoreReportError.missingColumn("Begin Date")) { try StoreReport.read(Data(text.utf8), formats: StoreModules.reportFormats) }
    }

    @Test func aBadNumberNamesItsColumnAndLine() {
        let text = "SKU\tProduct Type Identifier\tUnits\tBegin Date\tEnd Date\npro\tIAY\tthree\t03/01/2026\t03/01/2026\n"
        #expect(throws: StoreReportError.badNumber(column: "Units", line: 2, value: "three")) {
            try StoreReport.read(Data(text.utf8), formats: StoreModules.reportFormats)
        }
    }

    @Test func aBadDateNamesItsColumnAndLine() {
        let text = "Event Date\tEvent\tSubscription Apple ID\tQuantity\n2026-02-30\tRenew\t1\t1\n"
        #expect(throws: StoreReportError.badDate(column: "Event Date", line: 2, value: "2026-02-30")) {
            try StoreReport.read(Data(text.utf8), formats: StoreModules.reportFormats)
        }
    }

    @Test func anUnterminatedQuoteInAPlayReportIsAnError() {
        let text = "Description,Transaction Date,Transaction Type,Sku Id\n\"GPA.1,2026-03-01,Charge,pro\n"
        #expect(throws: StoreReportError.unterminatedQuote(line: 2)) { try StoreReport.read(Data(text.utf8), formats: StoreModules.reportFormats) }
    }

    @Test func anUnknownOrEmptyFileIsRefused() {
        #expect(throws: StoreReportError.unrecognisedReport) { try StoreReport.read(Data("a,b,c\n1,2,3\n".utf8), formats: StoreModules.reportFormats) }
        #expect(throws: StoreReportError.empty) { try StoreReport.read(Data(), formats: StoreModules.reportFormats) }
        #expect(throws: StoreReportError.unrecognisedReport) { try StoreReport.read(Data([0x1F, 0x8B, 0x08, 0x00]), formats: StoreModules.reportFormats) }
    }

    @Test func reportKindIsDetectedFromTheHeader() {
        #expect(StoreReportDetector.format(of: ["Units", "sku", " Product Type Identifier "], among: StoreModules.reportFormats)?.id == "app_store_sales")
        #expect(StoreReportDetector.format(of: ["Event Date", "Event", "Subscription Apple ID"], among: StoreModules.reportFormats)?.id == "app_store_subscription_events")
        #expect(StoreReportDetector.format(of: ["Description", "Transaction Type", "Sku Id"], among: StoreModules.reportFormats)?.id == "play_earnings")
        #expect(StoreReportDetector.format(of: ["Description"], among: StoreModules.reportFormats)?.id == nil)
    }
}
