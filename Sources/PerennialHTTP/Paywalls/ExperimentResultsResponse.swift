import Hummingbird
import PerennialCore
import PerennialServices

/// The body of `GET /v1/admin/experiments/{experiment_id}/results`.
struct ExperimentResultsResponse: ResponseEncodable {
    struct Interval: Encodable {
        var low: Double
        var high: Double

        init?(_ range: ClosedRange<Double>?) {
            guard let range else { return nil }
            low = range.lowerBound
            high = range.upperBound
        }
    }

    struct Revenue: Encodable {
        var days: Int
        var customers: Int
        var price: Int64
        var proceeds: Int64
        var proceedsPerCustomer: Double
        var interval: Interval?
        var probabilityBest: Double?

        enum CodingKeys: String, CodingKey {
            case days, customers, price, proceeds, interval
            case proceedsPerCustomer = "proceeds_per_customer", probabilityBest = "probability_best"
        }
    }

    struct Arm: Encodable {
        var id: String
        var paywallID: String?
        var exposures: Int
        var trialStarts: Int
        var conversions: Int
        var conversionRate: Double
        var credibleInterval: Interval?
        var probabilityBest: Double?
        var refunds: Int
        var renewedOnce: Int
        var renewedTwice: Int
        var revenue: [Revenue]
        var paywallEvents: [String: Int]

        enum CodingKeys: String, CodingKey {
            case id, exposures, conversions, refunds, revenue
            case paywallID = "paywall_id", trialStarts = "trial_starts", conversionRate = "conversion_rate"
            case credibleInterval = "credible_interval", probabilityBest = "probability_best", renewedOnce = "renewed_once"
            case renewedTwice = "renewed_twice", paywallEvents = "paywall_events"
        }
    }

    struct Verdict: Encodable {
        /// `not_started`, `collecting`, `winner` or `no_clear_winner`.
        var status: String
        var winner: String?
        var exposuresShort: Int?
        var daysShort: Int?
        var summary: String

        enum CodingKeys: String, CodingKey {
            case status, winner, summary
            case exposuresShort = "exposures_short", daysShort = "days_short"
        }
    }

    var experimentID: String
    var placement: String
    var status: String
    var startedAt: String?
    var stoppedAt: String?
    var currency: String?
    var unconvertedCustomers: Int
    var minimumExposuresPerVariant: Int
    var minimumDays: Int
    var probabilityToCall: Double
    var arms: [Arm]
    var verdict: Verdict
    var computedAt: String

    enum CodingKeys: String, CodingKey {
        case placement, status, currency, arms, verdict
        case experimentID = "experiment_id", startedAt = "started_at", stoppedAt = "stopped_at"
        case unconvertedCustomers = "unconverted_customers", minimumExposuresPerVariant = "minimum_exposures_per_variant"
        case minimumDays = "minimum_days", probabilityToCall = "probability_to_call", computedAt = "computed_at"
    }

    init(_ results: ExperimentResults) {
        let experiment = results.experiment
        experimentID = experiment.id
        placement = experiment.placement
        status = experiment.status.rawValue
        startedAt = experiment.startedAt?.iso8601
        stoppedAt = experiment.stoppedAt?.iso8601
        currency = results.currency
        unconvertedCustomers = results.unconvertedCustomers
        minimumExposuresPerVariant = experiment.design.minimumExposuresPerVariant
        minimumDays = experiment.design.minimumDays
        probabilityToCall = experiment.design.probabilityToCall
        arms = results.arms.map { arm in
            Arm(
                id: arm.id, paywallID: arm.paywallID, exposures: arm.exposures, trialStarts: arm.trialStarts, conversions: arm.conversions,
                conversionRate: arm.conversionRate, credibleInterval: Interval(arm.credibleInterval), probabilityBest: arm.probabilityBest,
                refunds: arm.refunds, renewedOnce: arm.renewedOnce, renewedTwice: arm.renewedTwice,
                revenue: arm.revenue.map {
                    Revenue(
                        days: $0.days, customers: $0.customers, price: $0.price, proceeds: $0.proceeds,
                        proceedsPerCustomer: $0.proceedsPerCustomer, interval: Interval($0.interval), probabilityBest: $0.probabilityBest)
                },
                paywallEvents: arm.paywallEvents)
        }
        switch results.verdict {
        case .collecting(let exposures, let days):
            verdict = Verdict(
                status: experiment.startedAt == nil ? "not_started" : "collecting", exposuresShort: exposures, daysShort: days,
                summary: results.summary)
        case .winner(let variant, _):
            verdict = Verdict(status: "winner", winner: experiment.variants[variant].id, summary: results.summary)
        case .noClearWinner:
            verdict = Verdict(status: "no_clear_winner", summary: results.summary)
        }
        computedAt = results.computedAt.iso8601
    }
}
