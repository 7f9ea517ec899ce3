import Foundation
import PerennialCore
import PerennialServices

/// The context of the `experiment` template: each arm's exposures, conversions and proceeds per customer
/// with the probability it is best, and the verdict in words.
struct ExperimentPage: Sendable {
    struct Arm: Sendable {
        var id: String
        var paywall: String
        var exposures: Int
        var trialStarts: Int
        var conversions: Int
        var conversionRate: String
        var interval: String
        var probabilityBest: String
        var refunds: Int
        var proceedsPerCustomer: String
    }

    var chrome: Chrome
    var id: String
    var placement: String
    var status: String
    var summary: String
    var arms: [Arm]
    var unconverted: Int
    var computed: TimeText
    var back: String?

    init(_ results: ExperimentResults, chrome: Chrome, back: String?) {
        self.chrome = chrome
        self.back = back
        id = results.experiment.id
        placement = results.experiment.placement
        status = results.experiment.status.rawValue
        summary = results.summary
        unconverted = results.unconvertedCustomers
        computed = TimeText(results.computedAt)
        let currency = results.currency
        arms = results.arms.map { arm in
            let longest = arm.revenue.max { $0.days < $1.days }
            return Arm(
                id: arm.id, paywall: arm.paywallID ?? "none (holdout)", exposures: arm.exposures, trialStarts: arm.trialStarts,
                conversions: arm.conversions, conversionRate: Self.percent(arm.conversionRate),
                interval: arm.credibleInterval.map { "\(Self.percent($0.lowerBound)) – \(Self.percent($0.upperBound))" } ?? "—",
                probabilityBest: arm.probabilityBest.map(Self.percent) ?? "—", refunds: arm.refunds,
                proceedsPerCustomer: longest.flatMap { revenue in
                    currency.map { "\(MoneyText(minorUnits: Int64(revenue.proceedsPerCustomer.rounded()), currency: $0).text) after \(revenue.days) days" }
                } ?? "—")
        }
    }

    /// A share between 0 and 1 as a percentage with one decimal.
    static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }
}
