import Foundation
import PerennialCore
import PerennialSquare
import Testing

/// A Square subscription's lifecycle, read back from the API at each step, reaches the state the engine
/// should decide: the table of snapshots (invoices oldest first) and expected states.
@Suite struct SquareSnapshotFactsTests {
    typealias F = SquareFixtures

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var snapshot: SquareSubscriptionSnapshot
        var status: SubscriptionStatus
        var willRenew: Bool?
        var reason: ExpirationReason?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "purchased", snapshot: F.snapshot(.active, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31, observedDay: 1),
            status: .active, willRenew: true),
        Row(name: "renewed", snapshot: F.snapshot(.active, [F.invoice("inv-1", day: 0), F.invoice("inv-2", day: 31)], chargedThroughDay: 61, observedDay: 32),
            status: .active, willRenew: true),
        Row(name: "invoiced but unpaid: ACTIVE at Square, billing retry here", snapshot: F.snapshot(
            .active, [F.invoice("inv-1", day: 0), F.invoice("inv-2", day: 31, .unpaid)], chargedThroughDay: 61, observedDay: 33),
            status: .billingRetry, willRenew: true),
        Row(name: "the unpaid invoice is paid later", snapshot: F.snapshot(
            .active, [F.invoice("inv-1", day: 0), F.invoice("inv-2", day: 31, updatedDay: 36)], chargedThroughDay: 61, observedDay: 36),
            status: .active, willRenew: true),
        Row(name: "a cancellation at the period's end keeps the month", snapshot: F.snapshot(
            .active, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31, canceledDay: 31,
            actions: [SquareSubscriptionAction(id: "a-1", type: "CANCEL", effectiveDate: F.date(day: 31))], observedDay: 5),
            status: .active, willRenew: false),
        Row(name: "cancelled, after the paid month", snapshot: F.snapshot(
            .canceled, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31, canceledDay: 31, observedDay: 40),
            status: .expired, willRenew: false, reason: .voluntary),
        Row(name: "cancelled owing money", snapshot: F.snapshot(
            .canceled, [F.invoice("inv-1", day: 0), F.invoice("inv-2", day: 31, .unpaid)], chargedThroughDay: 61, observedDay: 45),
            status: .expired, reason: .billingError),
        Row(name: "deactivated by Square", snapshot: F.snapshot(
            .deactivated, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31, observedDay: 40),
            status: .expired, reason: .billingError),
        Row(name: "paused after the paid month", snapshot: F.snapshot(
            .paused, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31,
            actions: [SquareSubscriptionAction(id: "a-2", type: "RESUME", effectiveDate: F.date(day: 61))], observedDay: 40),
            status: .paused),
        Row(name: "refunded", snapshot: F.snapshot(
            .active, [F.invoice("inv-1", day: 0, .refunded, updatedDay: 3)], chargedThroughDay: 31, refundedAt: ["inv-1": F.instant(day: 3)],
            observedDay: 4),
            status: .revoked),
        Row(name: "in a free trial", snapshot: F.snapshot(.active, [], chargedThroughDay: 7, plan: F.plan(trialDays: 7), observedDay: 2),
            status: .trial, willRenew: true),
        Row(name: "paid after the trial", snapshot: F.snapshot(
            .active, [F.invoice("inv-1", day: 7)], chargedThroughDay: 38, plan: F.plan(trialDays: 7), observedDay: 8),
            status: .active, willRenew: true),
    ]

    @Test(arguments: rows)
    func state(_ row: Row) throws {
        let facts = row.snapshot.facts()
        let state = try #require(SubscriptionEngine().state(
            transactions: facts.transactions, renewalInfos: facts.renewalInfos, at: row.snapshot.observedAt))
        #expect(state.status == row.status)
        #expect(state.key == SubscriptionKey(store: .square, id: F.subscriptionID))
        if let willRenew = row.willRenew { #expect(state.willRenew == willRenew) }
        if let reason = row.reason { #expect(state.expirationReason == reason) }
    }

    @Test func paidInvoicesAreTransactionsWithTheirPricesAndPeriods() {
        let facts = F.snapshot(
            .active, [F.invoice("inv-1", day: 0), F.invoice("inv-x", day: 20, .canceled), F.invoice("inv-2", day: 31)], chargedThroughDay: 61,
            observedDay: 32).facts()
        #expect(facts.transactions.map(\.transactionID) == ["inv-1", "inv-2"])
        #expect(facts.transactions.map(\.price) == [Money(minorUnits: 999, currency: "USD"), Money(minorUnits: 999, currency: "USD")])
        #expect(facts.transactions[0].expiresAt == F.instant(day: 31), "a month from March 1")
        #expect(facts.transactions[1].expiresAt == F.instant(day: 61), "the latest paid period ends at charged_through_date")
        #expect(facts.transactions.allSatisfy { $0.productID == F.monthly && $0.store == .square && $0.environment == .sandbox })
        #expect(facts.ownerClaims.map(\.appUserID) == ["sam"])
        #expect(Set(facts.storeReferences.map(\.reference)) == ["inv-1", "inv-x", "inv-2"])
    }

    @Test func chargedThroughDateCountsOnlyWhenItsInvoiceIsPaid() {
        // Square moved charged_through_date to day 61 when it sent the second invoice, which is unpaid: the
        // customer has paid through day 31 only.
        let facts = F.snapshot(.active, [F.invoice("inv-1", day: 0), F.invoice("inv-2", day: 31, .unpaid)], chargedThroughDay: 61, observedDay: 33).facts()
        #expect(facts.transactions.map(\.expiresAt) == [F.instant(day: 31)])
    }

    @Test func daysBeginInTheSubscriptionsTimeZone() {
        var snapshot = F.snapshot(.active, [F.invoice("inv-1", day: 0)], chargedThroughDay: 31, observedDay: 1)
        snapshot.subscription.timezone = "America/New_York"
        let fact = snapshot.facts().transactions[0]
        #expect(fact.purchasedAt == F.instant(day: 0).adding(milliseconds: 5 * 3_600_000), "midnight in New York is 05:00 UTC in March")
    }

    @Test func nothingBeforeItStarts() {
        #expect(F.snapshot(.pending, [], observedDay: 0).facts() == FactBatch())
    }

    @Test func aPartialRefundKeepsThePeriod() {
        let facts = F.snapshot(.active, [F.invoice("inv-1", day: 0, .partiallyRefunded)], chargedThroughDay: 31, observedDay: 5).facts()
        #expect(facts.transactions.first?.cancelledAt == nil)
    }
}
