import PerennialCore
import PerennialTesting
import Testing

/// Ids from outside are opaque byte strings: the NFC and NFD spellings of one word are two ids in every
/// in-memory map and comparison of the core, as they are in the database. Each test failed when the place it
/// names compared Swift `String`s (canonical equivalence).
@Suite("Ids compare as bytes")
struct ExactStringTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func theTwoSpellingsAreEqualStringsButDifferentExactStrings() {
        #expect(Self.composed == Self.decomposed, "Swift's own comparison, the reason for the type")
        #expect(ExactString(Self.composed) != ExactString(Self.decomposed))
        #expect(Set([ExactString(Self.composed), ExactString(Self.decomposed)]).count == 2)
        #expect(!Self.composed.isExactly(Self.decomposed) && Self.composed.isExactly("caf\u{E9}"))
        #expect(ExactString("a") < ExactString("b") && ExactString("Z") < ExactString("a"), "byte order")
    }

    @Test func subscriptionKeys() {
        let composed = SubscriptionKey(store: .stripe, id: Self.composed), decomposed = SubscriptionKey(store: .stripe, id: Self.decomposed)
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(Dictionary(grouping: [composed, decomposed], by: { $0 }).count == 2)
    }

    @Test func catalogLookups() {
        let catalog = Catalog(products: [Product(id: Self.composed, type: .autoRenewable, entitlements: ["pro"])])
        #expect(catalog.product(Self.composed, store: .stripe) != nil)
        #expect(catalog.product(Self.decomposed, store: .stripe) == nil)
        #expect(catalog.product(Self.decomposed) == nil)
    }

    @Test func transactionsOfOneSubscriptionAreMergedByExactID() {
        let facts = [
            Facts.period(Self.composed, original: "1", from: 0, to: 30), Facts.period(Self.decomposed, original: "1", from: 30, to: 60),
        ]
        let history = TransactionHistory(facts)
        #expect(history.transactions.count == 2)
        let state = SubscriptionEngine(catalog: Catalog(products: [])).state(transactions: facts, renewalInfos: [], at: Facts.day(40))
        #expect(state?.latestTransactionID.isExactly(Self.decomposed) == true)
    }

    @Test func aSubscriptionsEventsAreNotTakenForAnothersByTheirFingerprints() {
        let catalog = Catalog(products: [Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"])])
        let decider = SubscriptionDecider(catalog: catalog)
        let composed = [Facts.period("t1", original: Self.composed, from: 0, to: 30)]
        let decomposed = [Facts.period("t1", original: Self.decomposed, from: 0, to: 30)]
        let recorded = decider.decide(transactions: composed, renewalInfos: [], recorded: [], at: Facts.day(1))?.newEvents ?? []
        #expect(!recorded.isEmpty)
        // The other subscription's events, recorded under the same customer: its own are still new.
        let decision = decider.decide(transactions: decomposed, renewalInfos: [], recorded: recorded, at: Facts.day(1))
        #expect(decision?.newEvents.count == recorded.count)
    }
}
