import PerennialCore
import PerennialTesting
import PropertyBased
import Testing

@Suite("Order independence")
struct OrderIndependenceTests {
    let engine = SubscriptionEngine()
    let deriver = EventDeriver()
    let decider = SubscriptionDecider()

    /// A subscription with a trial and `periods` monthly renewals, one period refunded, auto-renew turned
    /// off in the last period, and the expiry confirmed.
    func history(periods: Int, refunded: Int) -> FactBatch {
        let transactions = (0...periods).map { index in
            var fact = Facts.period(
                String(1000 + index), from: Double(index * 30), to: Double(index * 30 + 30), trial: index == 0,
                cancelledOn: index == refunded ? Double(index * 30 + 5) : nil, reason: index == refunded ? "0" : nil
            )
            // Acknowledgements as a store that asks for them reports them: the older periods acknowledged.
            fact.isAcknowledged = index < periods
            return fact
        }
        let end = Double(periods * 30 + 30)
        let renewals = (0...periods).map { Facts.renewal(observedOn: Double($0 * 30) + 1) } + [
            Facts.renewal(observedOn: end - 3, willRenew: false),
            Facts.renewal(observedOn: end + 1, willRenew: false, intent: 1),
        ]
        return FactBatch(transactions: transactions, renewalInfos: renewals)
    }

    @Test func shuffledAndDuplicatedFactsGiveTheSameStateEventsAndEffects() async {
        await propertyCheck(input: Gen.int(in: 1...12), Gen.int(in: 0...13), Gen.int(in: 0...1_000_000)) { periods, refunded, seed in
            let facts = history(periods: periods, refunded: refunded)
            let now = Facts.day(Double(periods * 30 + 40))
            var random = SplitMix64(state: UInt64(seed))
            let transactions = (facts.transactions + facts.transactions.filter { _ in Bool.random(using: &random) })
                .shuffled(using: &random)
            let renewals = (facts.renewalInfos + facts.renewalInfos.filter { _ in Bool.random(using: &random) })
                .shuffled(using: &random)
            #expect(
                engine.state(transactions: transactions, renewalInfos: renewals, at: now)
                    == engine.state(transactions: facts.transactions, renewalInfos: facts.renewalInfos, at: now)
            )
            #expect(
                deriver.events(transactions: transactions, renewalInfos: renewals, now: now)
                    == deriver.events(transactions: facts.transactions, renewalInfos: facts.renewalInfos, now: now)
            )
            // Decisions too, effects included, at the end and inside the last period (an acknowledgement and
            // a status check are due there).
            for instant in [now, Facts.day(Double(periods * 30 + 10))] {
                #expect(
                    decider.decide(transactions: transactions, renewalInfos: renewals, recorded: [], at: instant)
                        == decider.decide(transactions: facts.transactions, renewalInfos: facts.renewalInfos, recorded: [], at: instant)
                )
            }
        }
    }
}
