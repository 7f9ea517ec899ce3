import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServer
import PerennialTesting
import Testing

/// Known answers: each report fixture against transactions written to agree with it except where a test
/// says otherwise.
@Suite("Reconciler")
struct ReconcilerTests {
    static func at(_ text: String) -> Instant {
        Instant(ISO8601DateFormatter().date(from: text)!)
    }

    static func fact(
        _ id: String, store: Store = .appStore, subscription: String? = nil, product: String, at time: String,
        refundedAt: String? = nil, trial: Bool = false, environment: StoreEnvironment = .production, renewable: Bool = true
    ) -> TransactionFact {
        TransactionFact(
            store: store, environment: environment, transactionID: id, subscriptionID: subscription ?? id, productID: product,
            purchasedAt: at(time), expiresAt: renewable ? at(time).adding(milliseconds: 30 * 86_400_000) : nil,
            cancelledAt: refundedAt.map(at), isTrialPeriod: trial)
    }

    static func lines(_ day: ReconciliationReport.Day) -> [String] {
        (day.missingFromPerennial + day.missingFromStore).map {
            "\($0.orderID ?? $0.productID ?? "*") \($0.kind.rawValue) store \($0.storeCount) perennial \($0.perennialCount)"
        }
    }

    // MARK: Google Play, by order id

    static func playFacts(refunded: Bool = true) -> [TransactionFact] {
        let first = "GPA.3301-1111-2222-33333"
        return [
            fact(first, store: .playStore, subscription: "token-1", product: "pro_monthly", at: "2026-03-01T18:15:07Z",
                 refundedAt: refunded ? "2026-03-03T16:00:00Z" : nil),
            fact(first + "..0", store: .playStore, subscription: "token-1", product: "pro_monthly", at: "2026-03-02T17:01:44Z"),
            // Perennial has it; the report does not.
            fact("GPA.3303-7777-8888-99999", store: .playStore, product: "pro_monthly", at: "2026-03-02T20:00:00Z"),
            // Outside the report's days, a trial, a license tester's purchase: not compared.
            fact("GPA.3304-0000-0000-00000", store: .playStore, product: "pro_monthly", at: "2026-03-10T20:00:00Z"),
            fact("GPA.3305-0000-0000-00000", store: .playStore, product: "pro_monthly", at: "2026-03-02T20:00:00Z", trial: true),
            fact("GPA.3306-0000-0000-00000", store: .playStore, product: "pro_monthly", at: "2026-03-02T20:00:00Z",
                 environment: .sandbox),
        ]
    }

    @Test func playOrdersMissingOnEitherSideAreListedOnTheirDay() throws {
        let report = try StoreReport.read(Fixtures.data("reports/play-earnings.csv"), formats: StoreModules.reportFormats)
        let result = Reconciler().reconcile(report, facts: Self.playFacts())
        #expect(result.days.map(\.day.description) == ["2026-03-01", "2026-03-02", "2026-03-03"])
        #expect(result.days[0].isReconciled)
        #expect(Self.lines(result.days[1]) == [
            "GPA.3302-4444-5555-66666 sale store 1 perennial 0",
            "GPA.3303-7777-8888-99999 sale store 0 perennial 1",
        ])
        #expect(result.days[2].isReconciled)
        #expect(!result.isReconciled)
    }

    @Test func aRefundPerennialNeverSawIsMissingFromPerennial() throws {
        let report = try StoreReport.read(Fixtures.data("reports/play-earnings.csv"), formats: StoreModules.reportFormats)
        let result = Reconciler().reconcile(report, facts: Self.playFacts(refunded: false))
        #expect(Self.lines(result.days[2]) == ["GPA.3301-1111-2222-33333 refund store 1 perennial 0"])
    }

    // MARK: App Store Sales, by count

    static let appleSalesFacts: [TransactionFact] = [
        fact("100", product: "pro.monthly", at: "2026-03-01T17:00:00Z"),
        fact("101", subscription: "90", product: "pro.monthly", at: "2026-03-01T23:00:00Z"),
        // 21:00 on March 1 in California: March 1 in the report, though March 2 in UTC.
        fact("102", subscription: "91", product: "pro.monthly", at: "2026-03-02T05:00:00Z"),
        // Bought in February, refunded on March 1 (Pacific time).
        fact("103", subscription: "92", product: "pro.monthly", at: "2026-02-10T17:00:00Z", refundedAt: "2026-03-01T20:00:00Z"),
        // A free trial, and 23:00 on February 28 in California: neither is compared.
        fact("104", product: "pro.monthly", at: "2026-03-01T18:00:00Z", trial: true),
        fact("105", product: "pro.monthly", at: "2026-03-01T07:00:00Z"),
        fact("106", product: "pro.monthly", at: "2026-03-01T18:00:00Z", environment: .sandbox),
        fact("200", product: "coins.100", at: "2026-03-01T19:00:00Z", renewable: false),
        fact("201", product: "coins.100", at: "2026-03-01T19:30:00Z", renewable: false),
    ]

    @Test func appleSalesCountsAreComparedPerDayProductAndKind() throws {
        let report = try StoreReport.read(Fixtures.data("reports/app-store-sales-daily.txt"), formats: StoreModules.reportFormats)
        let result = Reconciler(productIDs: ["pro.monthly", "coins.100"]).reconcile(report, facts: Self.appleSalesFacts)
        #expect(result.timeZone == "America/Los_Angeles")
        #expect(result.days.count == 1)
        let day = try #require(result.days.first)
        // Apple counted 4 paid units of pro.monthly (3 in the US, 1 in Great Britain); Perennial saw 3. The
        // refund matches; coins.100 was bought twice by Perennial's count and once by Apple's.
        #expect(Self.lines(day) == ["pro.monthly sale store 4 perennial 3", "coins.100 sale store 1 perennial 2"])
        #expect(day.missingFromStore.first?.transactionIDs == ["200", "201"])
        #expect(day.storeCount == 6 && day.perennialCount == 6)
    }

    @Test func withoutACatalogAnotherAppsProductsShowAsMissing() throws {
        let report = try StoreReport.read(Fixtures.data("reports/app-store-sales-daily.txt"), formats: StoreModules.reportFormats)
        let result = Reconciler().reconcile(report, facts: Self.appleSalesFacts)
        #expect(result.differences.contains { $0.productID == "other.app.pro" && $0.storeCount == 5 })
    }

    @Test func matchingFactsReconcile() throws {
        let report = try StoreReport.read(Fixtures.data("reports/app-store-sales-daily.txt"), formats: StoreModules.reportFormats)
        var facts = Self.appleSalesFacts.filter { $0.transactionID != "201" }
        facts.append(Self.fact("107", subscription: "93", product: "pro.monthly", at: "2026-03-01T16:00:00Z"))
        let result = Reconciler(productIDs: ["pro.monthly", "coins.100"]).reconcile(report, facts: facts)
        #expect(result.isReconciled)
    }

    @Test func aWeeklyRowIsComparedWithTheWholeWeek() throws {
        let monday = try #require(CivilDate(year: 2026, month: 3, day: 2))
        let line = StoreReportLine(
            store: .appStore, firstDay: monday, lastDay: monday.adding(days: 6), productID: "pro.monthly", kind: .sale, count: 2)
        let report = StoreReport(kind: AppStoreSalesReport(), lines: [line], timeZone: StoreReport.pacific)
        let facts = [
            Self.fact("1", product: "pro.monthly", at: "2026-03-03T18:00:00Z"),
            Self.fact("2", product: "pro.monthly", at: "2026-03-08T18:00:00Z"),
        ]
        let result = Reconciler().reconcile(report, facts: facts)
        #expect(result.days.count == 7 && result.isReconciled)
        #expect(result.days[0].storeCount == 2 && result.days[0].perennialCount == 2)
        let extra = Reconciler().reconcile(report, facts: facts + [Self.fact("3", product: "pro.monthly", at: "2026-03-07T18:00:00Z")])
        #expect(extra.differences.map { "\($0.firstDay)…\($0.lastDay) \($0.storeCount) \($0.perennialCount)" }
            == ["2026-03-02…2026-03-08 2 3"])
    }

    // MARK: App Store Subscription Event report

    @Test func subscriptionEventsCompareStartsRenewalsAndRefunds() throws {
        let report = try StoreReport.read(
            Fixtures.data("reports/app-store-subscription-events.txt"), formats: StoreModules.reportFormats,
            productIDs: ["6400000101": "pro.monthly"])
        var facts = [
            Self.fact("1", product: "pro.monthly", at: "2026-03-01T18:00:00Z"),
            Self.fact("2", product: "pro.monthly", at: "2026-03-01T18:00:00Z"),
            Self.fact("3", product: "pro.monthly", at: "2026-03-01T18:00:00Z", trial: true),
            Self.fact("4", subscription: "80", product: "pro.monthly", at: "2026-02-01T18:00:00Z", refundedAt: "2026-03-01T18:00:00Z"),
            // A yearly subscription Apple names only by its Apple ID: compared with every unnamed product.
            Self.fact("9", subscription: "70", product: "pro.yearly", at: "2026-03-02T18:00:00Z"),
        ]
        for index in 0..<3 {
            facts.append(Self.fact("r\(index)", subscription: "81", product: "pro.monthly", at: "2026-03-01T19:00:00Z"))
        }
        let result = Reconciler().reconcile(report, facts: facts)
        // Perennial has 3 renewals of pro.monthly on March 1; Apple counted 3 renewals and 1 conversion from
        // an introductory offer.
        #expect(result.days.map(Self.lines) == [["pro.monthly renewal store 4 perennial 3"], []])
    }
}
