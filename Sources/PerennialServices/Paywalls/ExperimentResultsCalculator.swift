import Foundation
import PerennialCore

/// Computes `ExperimentResults` from the exposed customers' outcomes: pure, so the same outcomes give the
/// same figures.
struct ExperimentResultsCalculator {
    let experiment: Experiment
    let rates: ExchangeRates?
    let now: Instant

    private static let day: Int64 = 86_400_000

    /// What one customer did after their exposure.
    private struct Customer {
        var trial = false
        var converted = false
        var refunded = false
        var renewals: Int64 = 0
        /// Price and proceeds by window, in the results' currency.
        var price: [Int64]
        var proceeds: [Int64]
        var unconverted = false
        var exposedDaysAgo: Int64
    }

    func results(_ outcomes: [ExposedCustomerOutcome]) -> ExperimentResults {
        let currency = rates?.reportingCurrency ?? Self.mainCurrency(outcomes)
        var arms = experiment.variants.map { ($0.id, $0.paywall) }
        if outcomes.contains(where: { $0.variantID == ExperimentAssignment.holdout }) || experiment.holdoutPercent > 0 {
            arms.append((ExperimentAssignment.holdout, nil))
        }
        let customersByArm = Dictionary(grouping: outcomes, by: \.variantID).mapValues { $0.map { customer($0, currency: currency) } }
        let variantCounts = experiment.variants.map { variant in
            let customers = customersByArm[variant.id] ?? []
            return ConversionCount(exposed: customers.count, converted: customers.filter(\.converted).count)
        }
        // The posterior says little before every variant has a customer; nothing is reported until then.
        let conversion = variantCounts.contains { $0.exposed == 0 } ? nil : ConversionComparison(variantCounts)
        // Compared only once every variant has a customer exposed long enough for the window.
        let revenueComparisons = Self.windows.indices.map { window -> RevenueComparison? in
            let samples = experiment.variants.map { variant in
                (customersByArm[variant.id] ?? []).filter { $0.exposedDaysAgo >= Int64(Self.windows[window]) }.map { $0.proceeds[window] }
            }
            return samples.contains(where: \.isEmpty) ? nil : RevenueComparison(samples)
        }
        let results = arms.map { arm -> ExperimentArmResult in
            let customers = customersByArm[arm.0] ?? []
            let index = experiment.variants.firstIndex { $0.id == arm.0 }
            let converted = customers.filter(\.converted).count
            return ExperimentArmResult(
                id: arm.0, paywallID: arm.1, exposures: customers.count, trialStarts: customers.filter(\.trial).count, conversions: converted,
                conversionRate: customers.isEmpty ? 0 : Double(converted) / Double(customers.count),
                credibleInterval: index.flatMap { conversion?.credibleIntervals[$0] }, probabilityBest: index.flatMap { conversion?.probabilityBest[$0] },
                refunds: customers.filter(\.refunded).count, renewedOnce: customers.filter { $0.renewals >= 1 }.count,
                renewedTwice: customers.filter { $0.renewals >= 2 }.count,
                revenue: Self.windows.indices.map { window in
                    let mature = customers.filter { $0.exposedDaysAgo >= Int64(Self.windows[window]) }
                    let proceeds = mature.reduce(0) { $0 + $1.proceeds[window] }
                    return .init(
                        days: Self.windows[window], customers: mature.count, price: mature.reduce(0) { $0 + $1.price[window] }, proceeds: proceeds,
                        proceedsPerCustomer: mature.isEmpty ? 0 : Double(proceeds) / Double(mature.count),
                        interval: index.flatMap { revenueComparisons[window]?.intervals[$0] },
                        probabilityBest: index.flatMap { revenueComparisons[window]?.probabilityBest[$0] })
                },
                paywallEvents: outcomes.filter { $0.variantID == arm.0 }.reduce(into: [:]) { sums, outcome in
                    sums.merge(outcome.paywallEvents, uniquingKeysWith: +)
                })
        }
        let verdict = experiment.startedAt.map { experiment.design.verdict(variantCounts, startedAt: $0, at: experiment.stoppedAt ?? now) }
            ?? .collecting(exposuresShort: experiment.design.minimumExposuresPerVariant, daysShort: experiment.design.minimumDays)
        return ExperimentResults(
            experiment: experiment, arms: results, currency: currency,
            unconvertedCustomers: customersByArm.values.joined().filter(\.unconverted).count, verdict: verdict,
            summary: summary(verdict), computedAt: now)
    }

    private static let windows = ExperimentResults.revenueWindows

    private func customer(_ outcome: ExposedCustomerOutcome, currency: String?) -> Customer {
        let firstDay = Int(outcome.exposedAt.milliseconds / Self.day)
        var customer = Customer(
            price: Self.windows.map { _ in 0 }, proceeds: Self.windows.map { _ in 0 },
            exposedDaysAgo: (now.milliseconds - outcome.exposedAt.milliseconds) / Self.day)
        let conversion = CustomerConversion(outcome)
        (customer.trial, customer.converted, customer.refunded, customer.renewals) =
            (conversion.startedTrial, conversion.converted, conversion.refunded, conversion.renewals)
        for contribution in outcome.contributions where contribution.day >= firstDay {
            let measure = contribution.measure
            for (prefix, isPrice) in [("revenue.price.", true), ("revenue.proceeds.", false)] where measure.hasPrefix(prefix) {
                guard let amount = convert(contribution, from: String(measure.dropFirst(prefix.count)), to: currency) else {
                    customer.unconverted = true
                    continue
                }
                for (window, days) in Self.windows.enumerated() where contribution.day < firstDay + days {
                    if isPrice { customer.price[window] += amount } else { customer.proceeds[window] += amount }
                }
            }
        }
        return customer
    }

    private func convert(_ contribution: MetricContribution, from source: String, to currency: String?) -> Int64? {
        guard let currency else { return nil }
        if source == currency { return contribution.value }
        return rates?.convert(Money(minorUnits: contribution.value, currency: source), on: CivilDate(daysSince1970: contribution.day))?.minorUnits
    }

    /// The currency most revenue lines were in.
    static func mainCurrency(_ outcomes: [ExposedCustomerOutcome]) -> String? {
        var counts: [String: Int] = [:]
        for contribution in outcomes.lazy.flatMap(\.contributions) where contribution.measure.hasPrefix("revenue.price.") {
            counts[String(contribution.measure.dropFirst("revenue.price.".count)), default: 0] += 1
        }
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    private func summary(_ verdict: ExperimentVerdict) -> String {
        switch verdict {
        case .collecting(let exposuresShort, let daysShort):
            guard experiment.startedAt != nil else { return "Not started: nothing to compare yet." }
            var missing: [String] = []
            if exposuresShort > 0 { missing.append("\(exposuresShort) more exposed customers in the smallest variant") }
            if daysShort > 0 { missing.append("\(daysShort) more days") }
            return "Collecting: \(missing.joined(separator: " and ")) before the design allows a call, whatever the figures look like now."
        case .winner(let variant, let probability):
            return "\(experiment.variants[variant].id) converts best, with probability \(Self.percent(probability)) (the design calls at \(Self.percent(experiment.design.probabilityToCall)))."
        case .noClearWinner(let probabilities):
            let best = probabilities.max() ?? 0
            return "No clear winner: no variant is best with probability \(Self.percent(experiment.design.probabilityToCall)) (the most likely is at \(Self.percent(best)))."
        }
    }

    static func percent(_ value: Double) -> String {
        String(format: "%.1f%%", value * 100)
    }
}
