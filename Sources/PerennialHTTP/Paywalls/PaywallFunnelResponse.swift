import Hummingbird
import PerennialServices

/// The body of `GET /v1/admin/metrics/paywalls/funnel`.
struct PaywallFunnelResponse: ResponseEncodable {
    struct Step: Encodable {
        var placement: String
        var exposed: Int
        var shown: Int
        var purchaseStarted: Int
        var trialStarts: Int
        var conversions: Int
        var conversionRate: Double

        enum CodingKeys: String, CodingKey {
            case placement, exposed, shown, conversions
            case purchaseStarted = "purchase_started", trialStarts = "trial_starts", conversionRate = "conversion_rate"
        }
    }

    var from: String
    var to: String
    var placements: [Step]

    init(_ funnel: PaywallFunnel) {
        from = funnel.from.description
        to = funnel.to.description
        placements = funnel.placements.map {
            Step(
                placement: $0.placement, exposed: $0.exposed, shown: $0.shown, purchaseStarted: $0.purchaseStarted, trialStarts: $0.trialStarts,
                conversions: $0.conversions, conversionRate: $0.conversionRate)
        }
    }
}
