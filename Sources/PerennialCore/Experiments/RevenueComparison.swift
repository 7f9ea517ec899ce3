/// Variants compared on revenue per exposed customer, data that is mostly zeros with a long tail (most
/// customers pay nothing, a few pay for a year): no normal approximation, but a bootstrap. Each resample
/// draws every variant's customers again with replacement and takes their mean; the probability that each
/// variant is best is the share of resamples in which its mean is highest (shared when tied), and its 95% interval the 2.5th and
/// 97.5th percentiles of its resampled means. Seeded: the same data and seed give the same figures.
public struct RevenueComparison: Sendable, Hashable {
    /// The probability that each variant has the highest revenue per exposed customer.
    public var probabilityBest: [Double]
    /// Each variant's 95% interval for its revenue per exposed customer, in minor units.
    public var intervals: [ClosedRange<Double>]
    /// Each variant's observed revenue per exposed customer, in minor units.
    public var means: [Double]

    /// Compares each variant's revenue per exposed customer (`revenue[variant][customer]`, minor units).
    public init(_ revenue: [[Int64]], resamples: Int = 2_000, seed: UInt64 = 0xB007) {
        var random = RandomDraws(generator: SplitMix64(state: seed))
        var wins = [Double](repeating: 0, count: revenue.count)
        var resampledMeans = [[Double]](repeating: [], count: revenue.count)
        var means = [Double](repeating: 0, count: revenue.count)
        for _ in 0..<max(resamples, 1) {
            for (index, values) in revenue.enumerated() {
                var sum = 0.0
                for _ in values.indices { sum += Double(values[random.index(below: values.count)]) }
                means[index] = values.isEmpty ? 0 : sum / Double(values.count)
                resampledMeans[index].append(means[index])
            }
            // Tied best means share the resample (all zeros, early on, is a tie, not a win for the first).
            guard let best = means.max() else { continue }
            let tied = means.indices.filter { means[$0] == best }
            for index in tied { wins[index] += 1 / Double(tied.count) }
        }
        probabilityBest = wins.map { $0 / Double(max(resamples, 1)) }
        intervals = resampledMeans.map { means in
            let sorted = means.sorted()
            return ConversionComparison.percentile(sorted, 0.025)...ConversionComparison.percentile(sorted, 0.975)
        }
        self.means = revenue.map { $0.isEmpty ? 0 : Double($0.reduce(0, +)) / Double($0.count) }
    }
}
