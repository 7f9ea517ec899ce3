import PerennialCore

/// What one exposed customer did from the day of their exposure on, read from the metric contributions of
/// the subscriptions they own: a trial started, a paid period (a paid start or a trial's conversion), a
/// refund, and how many renewals.
struct CustomerConversion {
    var startedTrial = false
    var converted = false
    var refunded = false
    var renewals: Int64 = 0

    init(_ outcome: ExposedCustomerOutcome) {
        let firstDay = Int(outcome.exposedAt.milliseconds / 86_400_000)
        for contribution in outcome.contributions where contribution.day >= firstDay {
            switch contribution.measure {
            case "new.trials": startedTrial = true
            case "new.paid", "new.conversions": converted = true
            case "revenue.refunds": refunded = true
            case MetricMeasure.renewals: renewals += contribution.value
            default: break
            }
        }
    }
}
