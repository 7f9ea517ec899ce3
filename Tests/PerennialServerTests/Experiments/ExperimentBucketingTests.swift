import PerennialServices
import Testing

/// Bucketing is stable (the same customer, the same variant, on every call), balanced (a chi-square over
/// 100,000 ids stays under the 0.1% critical value), honours weights and the holdout, and one experiment's
/// draw says nothing of another's.
@Suite struct ExperimentBucketingTests {
    static let ids = (0..<100_000).map { "customer-\($0)" }

    /// Pearson's chi-square of `observed` against `expected` counts.
    static func chiSquare(_ observed: [Int], _ expected: [Double]) -> Double {
        zip(observed, expected).reduce(0) { $0 + (Double($1.0) - $1.1) * (Double($1.0) - $1.1) / $1.1 }
    }

    @Test func fourEqualVariantsAreBalanced() {
        var counts = [0, 0, 0, 0]
        for id in Self.ids {
            if let variant = ExperimentBucketing.variant(experimentID: "onboarding", appUserID: id, weights: [1, 1, 1, 1]) { counts[variant] += 1 }
        }
        // df 3, p = 0.001: 16.27.
        #expect(Self.chiSquare(counts, [Double](repeating: 25_000, count: 4)) < 16.27, "\(counts)")
        #expect(ExperimentBucketing.variant(experimentID: "onboarding", appUserID: "ann", weights: [1, 1, 1, 1])
            == ExperimentBucketing.variant(experimentID: "onboarding", appUserID: "ann", weights: [1, 1, 1, 1]))
    }

    @Test func weightsAndTheHoldoutAreHonoured() {
        var counts = [0, 0, 0]
        for id in Self.ids {
            if let variant = ExperimentBucketing.variant(experimentID: "paywall-7", appUserID: id, weights: [1, 3], holdoutBasisPoints: 1_000) {
                counts[variant] += 1
            } else {
                counts[2] += 1
            }
        }
        // df 2, p = 0.001: 13.82. Held out 10%; the rest split 1 : 3.
        #expect(Self.chiSquare(counts, [22_500, 67_500, 10_000]) < 13.82, "\(counts)")
    }


    @Test func experimentsDrawIndependently() {
        var table = [[0, 0], [0, 0]]
        for id in Self.ids {
            guard let first = ExperimentBucketing.variant(experimentID: "a", appUserID: id, weights: [1, 1]),
                  let second = ExperimentBucketing.variant(experimentID: "b", appUserID: id, weights: [1, 1]) else { continue }
            table[first][second] += 1
        }
        #expect(Self.chiSquare(table.flatMap { $0 }, [Double](repeating: 25_000, count: 4)) < 16.27, "\(table)")
    }
}
