import Foundation
import PerennialCore
import PerennialPayPal
import Testing

/// A PayPal subscription's lifecycle, read back from the API at each step, reaches the state the engine
/// should decide: the table of snapshots and expected states.
@Suite struct PayPalSnapshotFactsTests {
    typealias F = PayPalFixtures

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var snapshot: PayPalSubscriptionSnapshot
        var status: SubscriptionStatus
        var willRenew: Bool?
        var reason: ExpirationReason?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "purchased", snapshot: F.snapshot(F.subscription(.active, nextBillingDay: 31), [F.payment("S-1", day: 0)], observedDay: 1),
            status: .active, willRenew: true),
        Row(name: "renewed", snapshot: F.snapshot(
            F.subscription(.active, nextBillingDay: 59), [F.payment("S-1", day: 0), F.payment("S-2", day: 31)], observedDay: 32),
            status: .active, willRenew: true),
        Row(name: "a failed payment while ACTIVE is billing retry, not entitlement",
            snapshot: F.snapshot(F.subscription(.active, nextBillingDay: 36, failedPayments: 1, owing: "9.99"),
                                 [F.payment("S-1", day: 0)], observedDay: 32),
            status: .billingRetry, willRenew: true),
        Row(name: "recovered", snapshot: F.snapshot(
            F.subscription(.active, nextBillingDay: 67), [F.payment("S-1", day: 0), F.payment("S-2", day: 36)], observedDay: 37),
            status: .active, willRenew: true),
        Row(name: "suspended after failed payments", snapshot: F.snapshot(
            F.subscription(.suspended, failedPayments: 3, owing: "9.99"), [F.payment("S-1", day: 0)], observedDay: 45),
            status: .billingRetry),
        Row(name: "suspended by the merchant keeps the paid month", snapshot: F.snapshot(
            F.subscription(.suspended), [F.payment("S-1", day: 0)], observedDay: 10),
            status: .active, willRenew: true),
        Row(name: "suspended by the merchant, after the paid month", snapshot: F.snapshot(
            F.subscription(.suspended), [F.payment("S-1", day: 0)], observedDay: 40),
            status: .paused),
        Row(name: "cancelled keeps the paid month", snapshot: F.snapshot(
            F.subscription(.cancelled), [F.payment("S-1", day: 0)], observedDay: 10),
            status: .active, willRenew: false),
        Row(name: "cancelled, after the paid month", snapshot: F.snapshot(
            F.subscription(.cancelled), [F.payment("S-1", day: 0)], observedDay: 40),
            status: .expired, willRenew: false, reason: .voluntary),
        Row(name: "cancelled owing money", snapshot: F.snapshot(
            F.subscription(.cancelled, failedPayments: 2, owing: "9.99"), [F.payment("S-1", day: 0)], observedDay: 40),
            status: .expired, reason: .billingError),
        Row(name: "refunded", snapshot: F.snapshot(
            F.subscription(.cancelled), [F.payment("S-1", day: 0, status: .refunded)], refundedAt: ["S-1": F.instant(day: 3)],
            observedDay: 4),
            status: .revoked),
        Row(name: "in a free trial", snapshot: F.snapshot(
            F.subscription(.active, nextBillingDay: 7), plan: F.plan(trialDays: 7), [], observedDay: 2),
            status: .trial, willRenew: true),
        Row(name: "paid after the trial", snapshot: F.snapshot(
            F.subscription(.active, nextBillingDay: 38), plan: F.plan(trialDays: 7), [F.payment("S-1", day: 7)], observedDay: 8),
            status: .active, willRenew: true),
    ]

    @Test(arguments: rows)
    func state(_ row: Row) throws {
        let facts = row.snapshot.facts()
        let state = try #require(SubscriptionEngine().state(
            transactions: facts.transactions, renewalInfos: facts.renewalInfos, at: row.snapshot.observedAt))
        #expect(state.status == row.status)
        #expect(state.key == SubscriptionKey(store: .payPal, id: F.subscriptionID))
        if let willRenew = row.willRenew { #expect(state.willRenew == willRenew) }
        if let reason = row.reason { #expect(state.expirationReason == reason) }
    }

    @Test func paymentsAreTransactionsWithTheirPricesPeriodsAndSaleIDs() {
        let facts = F.snapshot(
            F.subscription(.active, nextBillingDay: 59), [F.payment("S-2", day: 31), F.payment("S-1", day: 0), F.payment("S-X", day: 20, status: .declined)],
            observedDay: 32).facts()
        #expect(facts.transactions.map(\.transactionID) == ["S-1", "S-2"])
        #expect(facts.transactions.map(\.price) == [Money(minorUnits: 999, currency: "USD"), Money(minorUnits: 999, currency: "USD")])
        #expect(facts.transactions[0].expiresAt == F.instant(day: 31), "a month from March 1")
        #expect(facts.transactions[1].expiresAt == F.instant(day: 59), "the latest ends at next_billing_time")
        #expect(facts.transactions.allSatisfy { $0.productID == F.monthly && $0.store == .payPal && $0.environment == .sandbox })
        #expect(facts.storeReferences.map(\.reference) == ["S-2", "S-1"], "a refund names the sale: each sale names the subscription")
        #expect(facts.ownerClaims.map(\.appUserID) == ["rita"])
    }

    @Test func nothingBeforeTheBuyerApproves() {
        #expect(F.snapshot(F.subscription(.approvalPending), [], observedDay: 0).facts() == FactBatch())
        #expect(F.snapshot(F.subscription(.approved), [], observedDay: 0).facts() == FactBatch())
    }

    @Test func aPartialRefundKeepsThePeriod() {
        let facts = F.snapshot(F.subscription(.active), [F.payment("S-1", day: 0, status: .partiallyRefunded)], observedDay: 5).facts()
        #expect(facts.transactions.first?.cancelledAt == nil)
    }
}
