import Foundation
import PerennialCore
@testable import PerennialStorage
import PerennialTesting
import Testing

/// The facts and events a store notification's write reads back (`JSONBody.decode`) are read by
/// `PlainJSONDecoder`, not declined to `JSONDecoder`, and read as `JSONDecoder` reads them.
@Suite("Stored facts and events: the fast decoder answers, as JSONDecoder does")
struct StoredFactsDecodingTests {
    static let transactions: [TransactionFact] = {
        var offered = Facts.period("7", from: 30, to: 60, intro: true, offer: "winback", environment: .production)
        offered.originalPurchasedAt = Facts.day(1)
        offered.quantity = 3
        offered.webOrderLineItemID = "wol-1"
        offered.subscriptionGroupID = "group \"quoted\" ✓"
        offered.offerCodeRefName = "code"
        return [
            Facts.period("1", from: 0, to: 30),
            Facts.period("2", from: 0, to: 3, trial: true),
            Facts.period("3", from: 5, to: 35, cancelledOn: 10, upgraded: true, reason: "1", ownership: .familyShared),
            Facts.purchase("4", product: "coins", on: 2, cancelledOn: 4),
            offered,
        ]
    }()

    static let renewals: [RenewalInfoFact] = [
        Facts.renewal(observedOn: 1),
        Facts.renewal(observedOn: 2, willRenew: false, renewsTo: "pro.annual", intent: 2, billingRetry: true,
                      graceUntil: 9, priceConsent: .agreed, pausedUntil: 40),
        Facts.renewal(observedOn: 3, willRenew: nil),
    ]

    static let events: [LifecycleEvent] = [
        LifecycleEvent(kind: .initialPurchase, subscription: Facts.period("1", from: 0, to: 30).subscriptionKey,
                       productID: "pro.monthly", occurredAt: Facts.day(0)),
        LifecycleEvent(kind: .transferred, subscription: Facts.period("1", from: 0, to: 30).subscriptionKey,
                       productID: "pro.monthly", occurredAt: Facts.day(2),
                       details: ["from_app_user_id": "a\\b", "to_app_user_id": "ünï", "direction": "in"]),
    ]

    @Test func transactionsRenewalsAndEventsAreReadByTheFastDecoder() throws {
        try check(Self.transactions)
        try check(Self.renewals)
        try check(Self.events)
    }

    private func check<Value: Codable & Equatable>(_ values: [Value]) throws {
        for value in values {
            let text = try JSONBody.encode(value)
            let fast = PlainJSONDecoder.decode(Value.self, from: text)
            #expect(fast != nil, "declined: \(text)")
            #expect(fast == (try JSONDecoder().decode(Value.self, from: Data(text.utf8))), "\(text)")
            #expect(try JSONBody.decode(Value.self, from: text) == value)
        }
    }
}
