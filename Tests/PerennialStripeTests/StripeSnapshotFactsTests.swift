import PerennialCore
@testable import PerennialStripe
import Testing

/// Stripe subscriptions through the translation and the engine: each row is what the API says and what
/// the engine must conclude at the day the snapshot was read.
@Suite("Stripe snapshots: facts and the engine's states")
struct StripeSnapshotFactsTests {
    typealias F = StripeFixtures

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var snapshot: StripeSubscriptionSnapshot
        var status: SubscriptionStatus
        var reason: ExpirationReason? = nil
        var willRenew: Bool? = nil
        var productID: String? = nil
        var testDescription: String { name }
    }

    static let firstMonth = F.invoice("in_1", period: (0, 30))
    static let secondMonth = F.invoice("in_2", period: (30, 60))

    static let rows: [Row] = [
        Row(name: "trialing", snapshot: F.snapshot(
            F.subscription(.trialing, period: (0, 7), trial: (0, 7)), [F.paidBy(F.invoice("in_t", period: (0, 7), amount: 0))], observedDay: 3
        ), status: .trial, willRenew: true),
        Row(name: "trial converted", snapshot: F.snapshot(
            F.subscription(.active, period: (7, 37), trial: (0, 7)),
            [F.paidBy(F.invoice("in_t", period: (0, 7), amount: 0)), F.paidBy(F.invoice("in_1", period: (7, 37)))], observedDay: 8
        ), status: .active, willRenew: true),
        Row(name: "renewed", snapshot: F.snapshot(
            F.subscription(.active, period: (30, 60)), [F.paidBy(firstMonth), F.paidBy(secondMonth)], observedDay: 31
        ), status: .active, willRenew: true),
        Row(name: "cancel at period end, still in period", snapshot: F.snapshot(
            F.subscription(.active, cancelAtPeriodEnd: true), [F.paidBy(firstMonth)], observedDay: 10
        ), status: .active, willRenew: false),
        Row(name: "past_due with grace: Stripe retries", snapshot: F.snapshot(
            F.subscription(.pastDue, period: (30, 60)),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .open, period: (30, 60), nextAttemptDay: 33))],
            observedDay: 31
        ), status: .gracePeriod, willRenew: true),
        Row(name: "past_due without grace", snapshot: F.snapshot(
            F.subscription(.pastDue, period: (30, 60)),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .open, period: (30, 60), nextAttemptDay: 33))],
            observedDay: 31, pastDue: .none
        ), status: .billingRetry),
        Row(name: "past_due, no attempt left", snapshot: F.snapshot(
            F.subscription(.pastDue, period: (30, 60)),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .open, period: (30, 60)))], observedDay: 40
        ), status: .billingRetry),
        Row(name: "past_due recovered", snapshot: F.snapshot(
            F.subscription(.active, period: (30, 60)), [F.paidBy(firstMonth), F.paidBy(F.invoice("in_2", period: (30, 60), paidDay: 33))],
            observedDay: 34
        ), status: .active, willRenew: true),
        Row(name: "unpaid", snapshot: F.snapshot(
            F.subscription(.unpaid, period: (30, 60)),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .open, period: (30, 60)))], observedDay: 50
        ), status: .expired, reason: .billingError, willRenew: false),
        Row(name: "canceled by the customer at period end", snapshot: F.snapshot(
            F.subscription(.canceled, cancelAtPeriodEnd: true, reason: "cancellation_requested", endedAt: 30), [F.paidBy(firstMonth)],
            observedDay: 31
        ), status: .expired, reason: .voluntary, willRenew: false),
        Row(name: "canceled after failed payments", snapshot: F.snapshot(
            F.subscription(.canceled, period: (30, 60), reason: "payment_failed", endedAt: 45),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .void, period: (30, 60)))], observedDay: 46
        ), status: .expired, reason: .billingError, willRenew: false),
        Row(name: "canceled at once mid-period", snapshot: F.snapshot(
            F.subscription(.canceled, reason: "cancellation_requested", endedAt: 10), [F.paidBy(firstMonth)], observedDay: 11
        ), status: .expired, reason: .voluntary, willRenew: false),
        Row(name: "refunded in full", snapshot: F.snapshot(
            F.subscription(.active), [F.paidBy(firstMonth, refundedDay: 5)], observedDay: 6
        ), status: .revoked),
        Row(name: "dispute lost", snapshot: F.snapshot(
            F.subscription(.active), [F.paidBy(firstMonth, dispute: ("lost", 4))], observedDay: 20
        ), status: .revoked),
        Row(name: "dispute won", snapshot: F.snapshot(
            F.subscription(.active), [F.paidBy(firstMonth, dispute: ("won", 4))], observedDay: 20
        ), status: .active, willRenew: true),
        Row(name: "dispute under review", snapshot: F.snapshot(
            F.subscription(.active), [F.paidBy(firstMonth, dispute: ("needs_response", 4))], observedDay: 20
        ), status: .active),
        Row(name: "upgrade invoiced at once", snapshot: F.snapshot(
            F.subscription(.active, price: F.yearly),
            [F.paidBy(firstMonth), F.paidBy(F.invoice("in_up", price: F.yearly, period: (10, 30), amount: 500, paidDay: 10, proration: true))],
            observedDay: 11
        ), status: .active, productID: F.yearly),
        Row(name: "price changed for the next period", snapshot: F.snapshot(
            F.subscription(.active, price: F.yearly), [F.paidBy(firstMonth)], observedDay: 11
        ), status: .active, productID: F.monthly),
        Row(name: "pause_collection until a date", snapshot: F.snapshot(
            F.subscription(.active, period: (30, 60), pause: .init(behavior: "void", resumesAt: F.day(90))),
            [F.paidBy(firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .void, period: (30, 60)))], observedDay: 40
        ), status: .paused),
        Row(name: "paused after a trial without payment method", snapshot: F.snapshot(
            F.subscription(.paused, period: (7, 37), trial: (0, 7)), [F.paidBy(F.invoice("in_t", period: (0, 7), amount: 0))], observedDay: 9
        ), status: .paused),
    ]

    @Test(arguments: rows)
    func state(_ row: Row) throws {
        let facts = row.snapshot.facts()
        let state = try #require(SubscriptionEngine().state(
            transactions: facts.transactions, renewalInfos: facts.renewalInfos, at: row.snapshot.observedAt
        ))
        #expect(state.status == row.status)
        #expect(state.key == SubscriptionKey(store: .stripe, id: F.subscriptionID))
        if let reason = row.reason { #expect(state.expirationReason == reason) }
        if let willRenew = row.willRenew { #expect(state.willRenew == willRenew) }
        if let productID = row.productID { #expect(state.productID == productID) }
    }

    @Test func paidInvoicesAreTransactionsWithTheirPrices() {
        let facts = F.snapshot(F.subscription(.active, period: (30, 60)), [F.paidBy(Self.firstMonth), F.paidBy(Self.secondMonth)], observedDay: 31).facts()
        #expect(facts.transactions.map(\.transactionID) == ["in_1", "in_2"])
        #expect(facts.transactions.map(\.price) == [Money(minorUnits: 999, currency: "USD"), Money(minorUnits: 999, currency: "USD")])
        #expect(facts.transactions[1].expiresAt == F.instant(day: 60))
        #expect(facts.transactions.allSatisfy { $0.environment == .sandbox && $0.productID == F.monthly })
    }

    @Test func aTrialHasNoPrice() {
        let facts = F.snapshot(
            F.subscription(.trialing, period: (0, 7), trial: (0, 7)), [F.paidBy(F.invoice("in_t", period: (0, 7), amount: 0))], observedDay: 1
        ).facts()
        #expect(facts.transactions.first?.isTrialPeriod == true)
        #expect(facts.transactions.first?.price == nil)
    }

    @Test func refundCarriesItsDateAndReason() {
        let facts = F.snapshot(F.subscription(.active), [F.paidBy(Self.firstMonth, refundedDay: 5)], observedDay: 6).facts()
        #expect(facts.transactions.first?.cancelledAt == F.instant(day: 5))
        #expect(facts.transactions.first?.cancellationReason == "requested_by_customer")
    }

    @Test func graceLastsUntilTheNextAttemptAndItsMargin() {
        let facts = F.snapshot(
            F.subscription(.pastDue, period: (30, 60)),
            [F.paidBy(Self.firstMonth), StripeInvoiceRecord(invoice: F.invoice("in_2", status: .open, period: (30, 60), nextAttemptDay: 33))],
            observedDay: 31
        ).facts()
        #expect(facts.renewalInfos.first?.gracePeriodExpiresAt == F.instant(day: 33).adding(milliseconds: StripeSubscriptionSnapshot.graceMargin))
    }

    @Test func openEndedPauseLastsUntilResumed() {
        let facts = F.snapshot(
            F.subscription(.active, pause: .init(behavior: "keep_as_draft", resumesAt: nil)), [F.paidBy(Self.firstMonth)], observedDay: 40
        ).facts()
        #expect(facts.renewalInfos.first?.pausedUntil == StripeSubscriptionSnapshot.openEndedPause)
    }

    @Test func aPendingPriceChangeIsTheProductItRenewsTo() {
        let facts = F.snapshot(F.subscription(.active, price: F.yearly), [F.paidBy(Self.firstMonth)], observedDay: 11).facts()
        #expect(facts.renewalInfos.first?.productID == F.monthly)
        #expect(facts.renewalInfos.first?.autoRenewProductID == F.yearly)
    }

    @Test func theUpgradedPeriodIsMarked() {
        let facts = F.snapshot(
            F.subscription(.active, price: F.yearly),
            [F.paidBy(Self.firstMonth), F.paidBy(F.invoice("in_up", price: F.yearly, period: (10, 30), amount: 500, paidDay: 10, proration: true))],
            observedDay: 11
        ).facts()
        #expect(facts.transactions.first { $0.transactionID == "in_1" }?.isUpgraded == true)
        #expect(facts.transactions.first { $0.transactionID == "in_1" }?.cancelledAt == F.instant(day: 10))
    }

    @Test func theOwnerIsClaimedWhenKnown() {
        let known = F.snapshot(F.subscription(.active), [F.paidBy(Self.firstMonth)], observedDay: 1, owner: "user-7").facts()
        #expect(known.ownerClaims == [SubscriptionOwnerClaim(subscription: SubscriptionKey(store: .stripe, id: F.subscriptionID), appUserID: "user-7")])
        #expect(F.snapshot(F.subscription(.active), [F.paidBy(Self.firstMonth)], observedDay: 1).facts().ownerClaims.isEmpty)
    }

    @Test func unpaidInvoicesGiveNoTransaction() {
        let facts = F.snapshot(
            F.subscription(.incomplete), [StripeInvoiceRecord(invoice: F.invoice("in_1", status: .open, period: (0, 30)))], observedDay: 0
        ).facts()
        #expect(facts.transactions.isEmpty)
    }

    @Test(arguments: [("ISK", Int64(100_000), Int64(1000)), ("JPY", 980, 980), ("MGA", 5000, 500_000), ("KWD", 1250, 1250), ("USD", 999, 999)])
    func stripeAmountsInISOMinorUnits(currency: String, stripe: Int64, iso: Int64) {
        #expect(Money(stripeAmount: stripe, currency: currency.lowercased()) == Money(minorUnits: iso, currency: currency))
    }
}
