/// One subscription's MRR movements (`mrr_movement.<kind>.<currency>`, in millionths of a minor unit, like
/// `mrr.*`), from its MRR at the end of each day the timeline walks and the day before:
/// - `new`: from zero to positive, the first time in that currency;
/// - `reactivation`: from zero to positive again, in a currency it had MRR in before;
/// - `expansion` / `contraction`: from positive to a larger / smaller positive amount in the same currency
///   (an upgrade or downgrade, a price change, an introductory price ending);
/// - `churn`: from positive to zero, the amount lost, negative.
/// A change of currency is churn in the old one and new (or reactivation) in the new one. So a day's
/// movements add up to the change of the subscription's MRR that day, exactly. Zero MRR is no MRR: a trial,
/// billing retry without access, a pause, a period priced at zero. A movement is on the product and country
/// the subscription is on after it (churn: the ones it left).
struct MRRMovement {
    /// A subscription's MRR at the end of a day.
    struct Amount {
        var currency: String
        var millionths: Int64
        var productID: String
        var country: String
    }

    private var previous: Amount?
    /// The currencies the subscription has had MRR in.
    private var currencies: Set<String> = []

    /// Reports the movement from the previous day walked to `day`, whose MRR is `amount` (nil: none).
    mutating func observe(_ amount: Amount?, on day: Int, add: (Int, String, String, String?, Int64) -> Void) {
        let current = amount.flatMap { $0.millionths > 0 ? $0 : nil }
        func report(_ kind: String, _ of: Amount, _ value: Int64) {
            add(day, MetricMeasure.mrrMovementPrefix + kind + "." + of.currency, of.productID, of.country, value)
        }
        func start(_ new: Amount) {
            report(currencies.contains(new.currency) ? "reactivation" : "new", new, new.millionths)
        }
        switch (previous, current) {
        case (nil, nil):
            break
        case let (old?, nil):
            report("churn", old, -old.millionths)
        case let (nil, new?):
            start(new)
        case let (old?, new?):
            if old.currency != new.currency {
                report("churn", old, -old.millionths)
                start(new)
            } else if new.millionths > old.millionths {
                report("expansion", new, new.millionths - old.millionths)
            } else if new.millionths < old.millionths {
                report("contraction", new, new.millionths - old.millionths)
            }
        }
        previous = current
        if let current { currencies.insert(current.currency) }
    }
}
