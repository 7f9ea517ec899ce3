import PerennialCore
import Testing

/// The experiments' statistics must not lie: with no true difference a winner is called no more often than
/// the design says, a known lift is found as often as its stated power, nothing is called before the
/// minimums fixed at the start, and revenue, mostly zeros with a long tail, is compared by bootstrap.
@Suite struct ExperimentStatisticsTests {
    static let start = Instant(milliseconds: 1_772_323_200_000)
    static func day(_ count: Int) -> Instant { start.adding(milliseconds: Int64(count) * 86_400_000) }

    /// `exposed` customers converting with probability `rate`.
    static func simulate(_ exposed: Int, rate: Double, _ generator: inout SplitMix64) -> ConversionCount {
        var converted = 0
        for _ in 0..<exposed where Double(generator.next() >> 11) / 9_007_199_254_740_992 < rate { converted += 1 }
        return ConversionCount(exposed: exposed, converted: converted)
    }

    @Test func aClearDifferenceIsClear() {
        let comparison = ConversionComparison([ConversionCount(exposed: 2_000, converted: 200), ConversionCount(exposed: 2_000, converted: 290)])
        #expect(comparison.probabilityBest[1] > 0.999)
        #expect(comparison.credibleIntervals[0].contains(0.1))
        #expect(comparison.credibleIntervals[1].contains(0.145))
        #expect(comparison.observedRates == [0.1, 0.145])
        #expect(ConversionComparison([ConversionCount(exposed: 10, converted: 1)], seed: 7) == ConversionComparison([ConversionCount(exposed: 10, converted: 1)], seed: 7))
    }

    /// 300 A/A experiments of two variants: winners called at most about 5% of the time (2 × (1 − 0.975)),
    /// within three standard errors.
    @Test func withNoDifferenceAWinnerIsRare() {
        let design = ExperimentDesign(minimumExposuresPerVariant: 2_000, minimumDays: 14)
        var generator = SplitMix64(state: 11)
        var winners = 0
        let runs = 300
        for run in 0..<runs {
            let counts = [Self.simulate(2_000, rate: 0.1, &generator), Self.simulate(2_000, rate: 0.1, &generator)]
            if case .winner = design.verdict(counts, startedAt: Self.start, at: Self.day(14), draws: 3_000, seed: UInt64(run)) { winners += 1 }
        }
        let rate = Double(winners) / Double(runs)
        #expect(rate <= 0.05 + 3 * (0.05 * 0.95 / Double(runs)).squareRoot(), "false winners: \(winners) of \(runs)")
    }

    /// A 30% lift on a 10% conversion rate, at the exposures the design says give 80% power: found at least
    /// about that often, and always in the right direction.
    @Test func aKnownLiftIsFoundWithItsStatedPower() {
        let design = ExperimentDesign(minimumExposuresPerVariant: 100, minimumDays: 0)
        let needed = design.exposuresNeeded(baseline: 0.1, lift: 0.3, power: 0.8)
        #expect((1_700...1_850).contains(needed), "\(needed)")
        var generator = SplitMix64(state: 12)
        var found = 0
        var wrong = 0
        let runs = 200
        for run in 0..<runs {
            let counts = [Self.simulate(needed, rate: 0.1, &generator), Self.simulate(needed, rate: 0.13, &generator)]
            switch design.verdict(counts, startedAt: Self.start, at: Self.start, draws: 3_000, seed: UInt64(run)) {
            case .winner(let variant, _): if variant == 1 { found += 1 } else { wrong += 1 }
            default: break
            }
        }
        #expect(Double(found) / Double(runs) >= 0.8 - 3 * (0.8 * 0.2 / Double(runs)).squareRoot(), "found \(found) of \(runs)")
        #expect(wrong == 0)
    }

    /// Peeking: before the minimum exposures or the minimum days, even an overwhelming difference calls nothing.
    @Test(arguments: [(500, 20), (2_000, 13), (1_999, 30)])
    func peekingCallsNothing(_ exposed: Int, _ days: Int) {
        let design = ExperimentDesign(minimumExposuresPerVariant: 2_000, minimumDays: 14)
        let counts = [ConversionCount(exposed: exposed, converted: exposed / 20), ConversionCount(exposed: exposed, converted: exposed / 2)]
        guard case .collecting(let short, let daysShort) = design.verdict(counts, startedAt: Self.start, at: Self.day(days)) else {
            Issue.record("called before its minimums")
            return
        }
        #expect(short == max(0, 2_000 - exposed))
        #expect(daysShort == max(0, 14 - days))
        #expect(design.verdict(
            [ConversionCount(exposed: 2_000, converted: 100), ConversionCount(exposed: 2_000, converted: 1_000)], startedAt: Self.start, at: Self.day(14)
        ) == .winner(variant: 1, probabilityBest: 1))
    }

    /// Revenue per exposed customer: mostly zeros, a few yearly payments. More payers win; the same data
    /// is a coin toss.
    @Test func revenueIsComparedByBootstrap() {
        let control = [Int64](repeating: 0, count: 950) + [Int64](repeating: 999, count: 40) + [Int64](repeating: 5_999, count: 10)
        let better = [Int64](repeating: 0, count: 920) + [Int64](repeating: 999, count: 60) + [Int64](repeating: 5_999, count: 20)
        let comparison = RevenueComparison([control, better], resamples: 1_000)
        #expect(comparison.probabilityBest[1] > 0.97)
        #expect(comparison.means[0] == Double(40 * 999 + 10 * 5_999) / 1_000)
        #expect(comparison.intervals[0].contains(comparison.means[0]))
        let same = RevenueComparison([control, control], resamples: 1_000)
        #expect(abs(same.probabilityBest[0] - 0.5) < 0.1)
    }
}
