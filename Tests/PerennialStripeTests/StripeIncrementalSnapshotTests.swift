import PerennialCore
import PerennialStripe
import Testing

/// A webhook's snapshot reads only the invoices new since the recorded ones and the one the event was about;
/// merged as the ledger merges copies, what those snapshots give is what reading the whole history gives.
@Suite("Stripe snapshots of what is new add up to the whole history")
struct StripeIncrementalSnapshotTests {
    typealias F = StripeFixtures

    /// Two months, a change to the yearly price paid at once on day 40, then the first year, refunded on day 70.
    static let history: [(record: StripeInvoiceRecord, day: Int64)] = [
        (F.paidBy(F.invoice("in_1", period: (0, 30))), 0),
        (F.paidBy(F.invoice("in_2", period: (30, 60))), 30),
        (F.paidBy(F.invoice("in_up", price: F.yearly, period: (40, 60), amount: 500, paidDay: 40, proration: true)), 40),
        (F.paidBy(F.invoice("in_3", price: F.yearly, period: (60, 425), amount: 9_999, paidDay: 60)), 60),
    ]
    static let subscription = F.subscription(.active, price: F.yearly, period: (60, 425))

    /// `facts` merged into `recorded` by transaction id, as the ledger keeps them.
    static func record(_ facts: [TransactionFact], into recorded: inout [String: TransactionFact]) {
        for fact in facts {
            recorded[fact.transactionID] = recorded[fact.transactionID].map { $0.merged(with: fact) } ?? fact
        }
    }

    static func undated(_ facts: some Sequence<TransactionFact>) -> [TransactionFact] {
        facts.map { fact in
            var copy = fact
            copy.observedAt = nil
            return copy
        }.sorted { $0.transactionID < $1.transactionID }
    }

    @Test func eachInvoiceReadAsItComesGivesTheWholeHistorysFacts() {
        var recorded: [String: TransactionFact] = [:]
        var last: FactBatch?
        for (record, day) in Self.history {
            let snapshot = StripeSubscriptionSnapshot(
                subscription: Self.subscription, invoices: [record], recorded: Array(recorded.values), ownerAppUserID: nil,
                observedAt: F.instant(day: day + 1), pastDueAccess: .grace)
            let facts = snapshot.facts()
            Self.record(facts.transactions, into: &recorded)
            last = facts
        }
        // The refund of the year, read as the event about its charge: that invoice alone.
        let refunded = StripeSubscriptionSnapshot(
            subscription: Self.subscription, invoices: [F.paidBy(Self.history[3].record.invoice, refundedDay: 70)],
            recorded: Array(recorded.values), ownerAppUserID: nil, observedAt: F.instant(day: 71), pastDueAccess: .grace
        ).facts()
        #expect(refunded.transactions.map(\.transactionID) == ["in_3"])
        Self.record(refunded.transactions, into: &recorded)

        var whole = Self.history.map(\.record)
        whole[3] = F.paidBy(Self.history[3].record.invoice, refundedDay: 70)
        let full = F.snapshot(Self.subscription, whole, observedDay: 71).facts()
        #expect(Self.undated(recorded.values) == Self.undated(full.transactions))
        #expect(recorded["in_2"]?.isUpgraded == true)
        #expect(recorded["in_2"]?.cancelledAt == F.instant(day: 40))
        #expect(recorded["in_3"]?.cancelledAt == F.instant(day: 70))
        #expect(last?.renewalInfos.first?.productID == full.renewalInfos.first?.productID)
    }

    @Test func theReplacedPeriodIsGivenAgainAsRecordedWithTheMark() throws {
        let first = F.snapshot(F.subscription(.active), [Self.history[1].record], observedDay: 31).facts().transactions
        let change = StripeSubscriptionSnapshot(
            subscription: Self.subscription, invoices: [Self.history[2].record], recorded: first, ownerAppUserID: nil,
            observedAt: F.instant(day: 41), pastDueAccess: .grace
        ).facts()
        #expect(change.transactions.map(\.transactionID) == ["in_2", "in_up"])
        let replaced = try #require(change.transactions.first)
        // Dated as recorded: merged with the stored copy, it adds the mark and the end and removes nothing.
        #expect(replaced.observedAt == F.instant(day: 31))
        #expect(replaced.isUpgraded && replaced.cancelledAt == F.instant(day: 40))
        #expect(change.renewalInfos.first?.productID == F.yearly)
    }

    /// An event about the replaced period's own invoice, after the change was recorded: its fresh copy is the
    /// newest, so it decides the period's end, and must keep the change's.
    @Test func aReplacedPeriodReadAgainKeepsItsEnd() throws {
        var recorded: [String: TransactionFact] = [:]
        Self.record(F.snapshot(Self.subscription, Array(Self.history.prefix(3).map(\.record)), observedDay: 41).facts().transactions, into: &recorded)
        let again = StripeSubscriptionSnapshot(
            subscription: Self.subscription, invoices: [Self.history[1].record], recorded: Array(recorded.values), ownerAppUserID: nil,
            observedAt: F.instant(day: 45), pastDueAccess: .grace
        ).facts()
        Self.record(again.transactions, into: &recorded)
        let replaced = try #require(recorded["in_2"])
        #expect(replaced.isUpgraded && replaced.cancelledAt == F.instant(day: 40))
        let full = F.snapshot(Self.subscription, Array(Self.history.prefix(3).map(\.record)), observedDay: 45).facts()
        #expect(Self.undated(recorded.values) == Self.undated(full.transactions))
    }

    @Test func anInvoiceReadAgainDoesNotLookBackAgain() {
        var recorded: [String: TransactionFact] = [:]
        Self.record(F.snapshot(Self.subscription, Array(Self.history.prefix(3).map(\.record)), observedDay: 41).facts().transactions, into: &recorded)
        // The event about the change's invoice reads it again: its replaced period is not marked a second time,
        // nor is another period taken for it.
        let again = StripeSubscriptionSnapshot(
            subscription: Self.subscription, invoices: [Self.history[2].record], recorded: Array(recorded.values), ownerAppUserID: nil,
            observedAt: F.instant(day: 45), pastDueAccess: .grace
        ).facts()
        #expect(again.transactions.map(\.transactionID) == ["in_up"])
    }
}
