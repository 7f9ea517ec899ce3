import PerennialCore
import PerennialTesting
import Testing

@Suite("Merging copies of a transaction")
struct TransactionMergeTests {
    func copy(cancelledOn: Double?, observedOn: Double?, expiresOn: Double = 30) -> TransactionFact {
        var fact = Facts.period("1000", from: 0, to: expiresOn, cancelledOn: cancelledOn, reason: cancelledOn == nil ? nil : "1")
        fact.observedAt = observedOn.map(Facts.day)
        return fact
    }

    @Test func undatedCopiesOnlyAddInformation() {
        let paid = copy(cancelledOn: nil, observedOn: nil), refunded = copy(cancelledOn: 5, observedOn: nil)
        #expect(paid.merged(with: refunded).cancelledAt == Facts.day(5))
        #expect(refunded.merged(with: paid) == paid.merged(with: refunded))
    }

    @Test func aLaterSignedCopyReversesARefund() {
        let refunded = copy(cancelledOn: 5, observedOn: 5), reversed = copy(cancelledOn: nil, observedOn: 8)
        #expect(refunded.merged(with: reversed).cancelledAt == nil)
        #expect(reversed.merged(with: refunded).cancelledAt == nil)
        #expect(reversed.merged(with: refunded).observedAt == Facts.day(8))
    }

    @Test func anOlderSignedCopyDoesNotUndoARefund() {
        let paid = copy(cancelledOn: nil, observedOn: 1), refunded = copy(cancelledOn: 5, observedOn: 5)
        #expect(paid.merged(with: refunded).cancelledAt == Facts.day(5))
        #expect(refunded.merged(with: paid).cancelledAt == Facts.day(5))
    }

    @Test func anUndatedCopyCountsAsTheOldest() {
        let undatedRefund = copy(cancelledOn: 5, observedOn: nil), signedLater = copy(cancelledOn: nil, observedOn: 8)
        #expect(undatedRefund.merged(with: signedLater).cancelledAt == nil)
    }

    @Test func groupingDoesNotMatter() {
        let copies = [
            copy(cancelledOn: nil, observedOn: 8), copy(cancelledOn: 5, observedOn: 5), copy(cancelledOn: 6, observedOn: nil),
            copy(cancelledOn: 7, observedOn: 8),
        ]
        for a in copies { for b in copies { for c in copies {
            #expect(a.merged(with: b).merged(with: c) == a.merged(with: b.merged(with: c)))
            #expect(a.merged(with: b) == b.merged(with: a))
        } } }
    }

    @Test func theLatestExpiryWins() {
        let original = copy(cancelledOn: nil, observedOn: nil), extended = copy(cancelledOn: nil, observedOn: nil, expiresOn: 37)
        #expect(original.merged(with: extended).expiresAt == Facts.day(37))
        #expect(extended.merged(with: original).expiresAt == Facts.day(37))
    }
}
