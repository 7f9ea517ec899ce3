import PerennialCore
import PerennialTesting

/// A random subscription lifecycle in facts, as the stores would send them over its life: maybe a trial,
/// paid periods (weekly or monthly, store-priced or catalog-priced, in dollars or euros), sometimes a lapse
/// and a return, sometimes a refund, a product change, a customer turning auto-renew off, a card failing
/// into billing retry with or without a grace period, and the store's word that it ended.
struct RandomLifecycle {
    var transactions: [TransactionFact] = []
    var renewalInfos: [RenewalInfoFact] = []

    static let products = ["pro.monthly": 30.0, "pro.weekly": 7.0]

    init(subscription id: String, using random: inout SplitMix64) {
        var day = Double(Int.random(in: 0...20, using: &random)) + Double(Int.random(in: 0...23, using: &random)) / 24
        var product = Self.products.keys.sorted().randomElement(using: &random)!
        let currency = Bool.random(using: &random) ? "USD" : "EUR"
        let storefront = Bool.random(using: &random) ? "USA" : "FRA"
        var index = 0
        func append(_ fact: TransactionFact) {
            var fact = fact
            fact.environment = .production
            fact.storefront = storefront
            transactions.append(fact)
            index += 1
        }
        func observe(_ on: Double, willRenew: Bool? = true, intent: Int? = nil, billingRetry: Bool? = nil, graceUntil: Double? = nil) {
            var info = Facts.renewal(original: id, product: product, observedOn: on, willRenew: willRenew, intent: intent,
                                     billingRetry: billingRetry, graceUntil: graceUntil)
            info.environment = .production
            renewalInfos.append(info)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            append(Facts.period("\(id)-\(index)", original: id, product: product, from: day, to: day + 7, trial: true))
            observe(day)
            day += 7
        }
        let periods = Int.random(in: 0...6, using: &random)
        for period in 0..<periods {
            if period > 0, Int.random(in: 0..<8, using: &random) == 0 { day += Double(Int.random(in: 1...90, using: &random)) }
            if Int.random(in: 0..<10, using: &random) == 0 { product = product == "pro.monthly" ? "pro.weekly" : "pro.monthly" }
            let length = Self.products[product]!
            var fact = Facts.period("\(id)-\(index)", original: id, product: product, from: day, to: day + length)
            if Bool.random(using: &random) { fact.price = Money(minorUnits: Int64(Int.random(in: 199...2_999, using: &random)), currency: currency) }
            if Int.random(in: 0..<12, using: &random) == 0 { fact.cancelledAt = Facts.day(day + Double(Int.random(in: 1...20, using: &random))) }
            append(fact)
            if period == 0 { observe(day) }
            day += length
        }
        guard !transactions.isEmpty else { return }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: observe(day - 2, willRenew: false, intent: 1)
        case 1: observe(day + 0.1, billingRetry: true, graceUntil: Bool.random(using: &random) ? day + 6 : nil)
        case 2:
            observe(day + 0.1, billingRetry: true)
            observe(day + Double(Int.random(in: 3...40, using: &random)), willRenew: false, intent: 2, billingRetry: false)
        default: break
        }
    }
}
