import PerennialAdyen
import PerennialCore
import Testing

/// What Adyen said, as facts, read back as the schedule's record: every fact is dated by the schedule, so
/// the same answer heard twice, or a refusal and an authorisation of one attempt heard in either order, is
/// recorded once and read the same way.
@Suite struct AdyenPaymentFactsTests {
    static let start = Instant(milliseconds: 1_772_323_200_000)  // 2026-03-01T00:00:00Z
    static let schedule = AdyenRenewalSchedule(period: AdyenBillingPeriod(1, .month), retryDays: [1, 3, 7], chargeAheadMilliseconds: 3_600_000)
    static let payments = AdyenPaymentFacts(subscriptionID: "pro~abc", productID: "pro", environment: .sandbox, schedule: schedule)
    static let amount = AdyenAmount(value: 999, currency: "EUR")

    static func reference(_ period: Int, _ attempt: Int) -> AdyenRenewalReference {
        AdyenRenewalReference(subscriptionID: "pro~abc", period: period, attempt: attempt)
    }

    /// The record the batches make, stored as the ledger stores them (one renewal info per instant, the
    /// later replacing the earlier; one transaction per id).
    static func record(_ batches: [FactBatch]) -> AdyenRenewalSchedule.Record? {
        var transactions: [String: TransactionFact] = [:]
        var infos: [Instant: RenewalInfoFact] = [:]
        for batch in batches {
            for transaction in batch.transactions { transactions[transaction.transactionID] = transaction }
            for info in batch.renewalInfos { infos[info.observedAt] = info }
        }
        return schedule.record(subscriptionID: "pro~abc", transactions: Array(transactions.values), renewalInfos: Array(infos.values))
    }

    @Test func theFirstPaymentStartsTheScheduleAndEachAnswerIsItsAttempts() throws {
        let first = Self.payments.firstPayment(pspReference: "1", amount: Self.amount, at: Self.start)
        #expect(first.transactions.first?.expiresAt == AdyenBillingPeriod(1, .month).start(of: 1, from: Self.start))
        #expect(first.transactions.first?.webOrderLineItemID == "pro~abc:0")
        #expect(first.storeReferences.map(\.reference) == ["1"])
        let refusedTwice = [first, Self.payments.refused(Self.reference(1, 0), start: Self.start), Self.payments.refused(Self.reference(1, 1), start: Self.start)]
        let record = try #require(Self.record(refusedTwice))
        #expect(record.paidPeriods == [0])
        #expect(record.refusals == [1: 2])
        #expect(Self.record(refusedTwice + refusedTwice) == record, "heard twice, recorded once")
        #expect(Self.record([Self.payments.refused(Self.reference(1, 0), start: Self.start)]) == nil, "nothing before the first payment")
    }

    @Test func aRefusalAndAnAuthorisationOfOneAttemptInEitherOrder() throws {
        let first = Self.payments.firstPayment(pspReference: "1", amount: Self.amount, at: Self.start)
        let refused = Self.payments.refused(Self.reference(1, 0), start: Self.start)
        let paid = Self.payments.paid(Self.reference(1, 0), pspReference: "2", amount: Self.amount, start: Self.start)
        let one = try #require(Self.record([first, refused, paid]))
        let other = try #require(Self.record([first, paid, refused]))
        #expect(one == other)
        #expect(one.paidPeriods == [0, 1])
        #expect(!one.cancelled)
        let newest = try #require([refused, paid].flatMap(\.renewalInfos).max { $0.observedAt < $1.observedAt })
        #expect(newest.isInBillingRetryPeriod == false, "the payment is the newer word")
    }

    @Test func theLastRefusalLapsesAndARefundOrCancellationStopsRenewals() throws {
        let first = Self.payments.firstPayment(pspReference: "1", amount: Self.amount, at: Self.start)
        let refusals = (0...3).map { Self.payments.refused(Self.reference(1, $0), start: Self.start) }
        #expect(refusals[3].renewalInfos.first?.expirationReason == .billingError)
        #expect(refusals[3].renewalInfos.first?.willAutoRenew == false)
        let lapsed = try #require(Self.record([first] + refusals))
        #expect(Self.schedule.decide(lapsed, subscriptionID: "pro~abc", at: Self.start.adding(milliseconds: 40 * 86_400_000)) == .lapsed(period: 1))
        #expect(!lapsed.cancelled, "a lapse is not a cancellation")

        let refunded = Self.payments.cancelled(try #require(first.transactions.first), at: Self.start.adding(milliseconds: 1_000), reason: "refund")
        #expect(refunded.transactions.first?.cancelledAt == Self.start.adding(milliseconds: 1_000))
        #expect(try #require(Self.record([first, refunded])).cancelled)
        let cancelled = Self.payments.renewal(turnedOn: false, at: Self.start.adding(milliseconds: 2_000))
        #expect(try #require(Self.record([first, cancelled])).cancelled)
        let resumed = Self.payments.renewal(turnedOn: true, at: Self.start.adding(milliseconds: 3_000))
        #expect(try #require(Self.record([first, cancelled, resumed])).cancelled == false)
    }

    @Test(arguments: [("P1M", AdyenBillingPeriod(1, .month)), ("P2W", AdyenBillingPeriod(14, .day)), ("P1Y", AdyenBillingPeriod(1, .year))])
    func periodsAreRead(_ text: String, _ period: AdyenBillingPeriod) {
        #expect(AdyenBillingPeriod(iso8601: text) == period)
    }

    @Test(arguments: ["", "P", "P0M", "P1H", "1M", "P1000D", "PXM"])
    func otherPeriodsAreNot(_ text: String) {
        #expect(AdyenBillingPeriod(iso8601: text) == nil)
    }

    @Test func subscriptionIDsNameTheirProduct() {
        let id = AdyenSubscriptionID.make(productID: "pro.monthly")
        #expect(AdyenSubscriptionID.productID(of: id) == "pro.monthly")
        for other in ["pro.monthly", "pro~short", "~abcdefghijklmnop", "pro:x~abcdefghijklmnop", "pro~ABCDEFGHIJKLMNOP"] {
            #expect(AdyenSubscriptionID.productID(of: other) == nil, "\(other)")
        }
    }
}
