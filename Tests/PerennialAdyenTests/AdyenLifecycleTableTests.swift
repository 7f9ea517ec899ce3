import PerennialAdyen
import PerennialCore
import Testing

/// Adyen's lifecycle as the engine folds it: what Adyen said (as `AdyenPaymentFacts` records it), when, and
/// the state that follows. A month from 2026-03-01, charged an hour ahead, retried 1, 3 and 7 days after a
/// period began.
@Suite struct AdyenLifecycleTableTests {
    typealias P = AdyenPaymentFactsTests

    static func day(_ count: Double) -> Instant { P.start.adding(milliseconds: Int64(count * 86_400_000)) }

    static let first = P.payments.firstPayment(pspReference: "1", amount: P.amount, at: P.start)
    static let renewed = P.payments.paid(P.reference(1, 0), pspReference: "2", amount: P.amount, start: P.start)
    static func refused(_ attempt: Int) -> FactBatch { P.payments.refused(P.reference(1, attempt), start: P.start) }
    static let recovered = P.payments.paid(P.reference(1, 2), pspReference: "3", amount: P.amount, start: P.start)

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var batches: [FactBatch]
        var day: Double
        var status: SubscriptionStatus
        var willRenew: Bool
        var reason: ExpirationReason?
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "bought", batches: [first], day: 10, status: .active, willRenew: true),
        Row(name: "renewed an hour ahead", batches: [first, renewed], day: 31, status: .active, willRenew: true),
        Row(name: "refused an hour ahead: still paid until April", batches: [first, refused(0)], day: 30.99, status: .active, willRenew: true),
        Row(name: "refused, the paid month over: billing retry", batches: [first, refused(0)], day: 31.5, status: .billingRetry, willRenew: true),
        Row(name: "refused twice", batches: [first, refused(0), refused(1)], day: 33.5, status: .billingRetry, willRenew: true),
        Row(name: "the second retry pays", batches: [first, refused(0), refused(1), recovered], day: 34, status: .active, willRenew: true),
        Row(name: "every retry refused: expired for billing", batches: [first] + (0...3).map(refused), day: 40, status: .expired, willRenew: false,
            reason: .billingError),
        Row(name: "cancelled: the paid month kept", batches: [first, P.payments.renewal(turnedOn: false, at: day(5))], day: 20, status: .active,
            willRenew: false),
        Row(name: "cancelled: then over", batches: [first, P.payments.renewal(turnedOn: false, at: day(5))], day: 32, status: .expired,
            willRenew: false, reason: .voluntary),
        Row(name: "refunded", batches: [first, P.payments.cancelled(first.transactions[0], at: day(3), reason: "refund")], day: 4,
            status: .revoked, willRenew: false),
    ]

    @Test(arguments: rows)
    func state(_ row: Row) throws {
        let state = try #require(SubscriptionEngine().state(
            transactions: row.batches.flatMap(\.transactions), renewalInfos: row.batches.flatMap(\.renewalInfos), at: Self.day(row.day)))
        #expect(state.status == row.status)
        #expect(state.willRenew == row.willRenew)
        if let reason = row.reason { #expect(state.expirationReason == reason) }
        #expect(state.key == SubscriptionKey(store: .adyen, id: "pro~abc"))
    }
}
