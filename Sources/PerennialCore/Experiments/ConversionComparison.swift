/// How many exposed customers of one variant converted (started a trial, paid).
public struct ConversionCount: Sendable, Hashable, Codable {
    public var exposed: Int
    public var converted: Int

    public init(exposed: Int, converted: Int) {
        self.exposed = max(0, exposed)
        self.converted = min(max(0, converted), self.exposed)
    }
}

/// Variants compared on a conversion rate, the Bayesian way: each variant's rate has a Beta(1 + converted,
/// 1 + not converted) posterior (a uniform prior); the probability that each is the best is the share of
/// joint posterior draws in which it is highest, and its 95% credible interval the 2.5th and 97.5th
/// percentiles of its own draws. Draws come from a seeded generator: the same counts and seed give the same
/// figures.
public struct ConversionComparison: Sendable, Hashable {
    /// The probability that each variant has the highest rate, in the order given.
    public var probabilityBest: [Double]
    /// Each variant's 95% credible interval for its rate.
    public var credibleIntervals: [ClosedRange<Double>]
    /// Each variant's observed rate (converted / exposed; 0 when none was exposed).
    public var observedRates: [Double]

    /// Compares `counts` with `draws` joint posterior draws.
    public init(_ counts: [ConversionCount], draws: Int = 20_000, seed: UInt64 = 0x5EED) {
        var random = RandomDraws(generator: SplitMix64(state: seed))
        var wins = [Int](repeating: 0, count: counts.count)
        var samples = [[Double]](repeating: [], count: counts.count)
        for index in samples.indices { samples[index].reserveCapacity(draws) }
        for _ in 0..<max(draws, 1) {
            var best = 0
            var bestValue = -1.0
            for (index, count) in counts.enumerated() {
                let value = random.beta(Double(1 + count.converted), Double(1 + count.exposed - count.converted))
                samples[index].append(value)
                if value > bestValue { (best, bestValue) = (index, value) }
            }
            if !counts.isEmpty { wins[best] += 1 }
        }
        let total = Double(max(draws, 1))
        probabilityBest = wins.map { Double($0) / total }
        credibleIntervals = samples.map { values in
            let sorted = values.sorted()
            return Self.percentile(sorted, 0.025)...Self.percentile(sorted, 0.975)
        }
        observedRates = counts.map { $0.exposed == 0 ? 0 : Double($0.converted) / Double($0.exposed) }
    }

    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count - 1) * fraction).rounded())))]
    }
}
