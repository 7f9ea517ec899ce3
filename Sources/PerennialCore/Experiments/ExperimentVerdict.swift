/// What an experiment's statistics say, in words a team can act on.
public enum ExperimentVerdict: Sendable, Hashable {
    /// Too early to call anything, whatever the figures look like: the minimums fixed at the start are not
    /// met (peeking before them never calls a winner).
    case collecting(exposuresShort: Int, daysShort: Int)
    /// This variant (an index in the order given) is best with at least the design's probability.
    case winner(variant: Int, probabilityBest: Double)
    /// The minimums are met and no variant is best with the design's probability: no difference shown.
    case noClearWinner(probabilityBest: [Double])
}

extension ExperimentDesign {
    /// The verdict on `counts` (one per variant, in order) for an experiment running since `startedAt`.
    /// `draws`: the posterior draws behind the probabilities.
    public func verdict(
        _ counts: [ConversionCount], startedAt: Instant, at now: Instant, draws: Int = 20_000, seed: UInt64 = 0x5EED
    ) -> ExperimentVerdict {
        let days = Int((now.milliseconds - startedAt.milliseconds) / 86_400_000)
        let fewest = counts.map(\.exposed).min() ?? 0
        guard fewest >= minimumExposuresPerVariant, days >= minimumDays else {
            return .collecting(exposuresShort: max(0, minimumExposuresPerVariant - fewest), daysShort: max(0, minimumDays - days))
        }
        let comparison = ConversionComparison(counts, draws: draws, seed: seed)
        if let best = comparison.probabilityBest.indices.max(by: { comparison.probabilityBest[$0] < comparison.probabilityBest[$1] }),
           comparison.probabilityBest[best] >= probabilityToCall {
            return .winner(variant: best, probabilityBest: comparison.probabilityBest[best])
        }
        return .noClearWinner(probabilityBest: comparison.probabilityBest)
    }
}
