import PerennialCore

/// The facts of `metrics`' customers: lifecycles over the three years before `now`, drawn from the customer's
/// index (so every run builds the same ones). Four in five customers buy a monthly plan, one in five a yearly
/// one; a third start with a week's trial (a quarter of those never convert); a monthly subscription keeps
/// going for 1 to 38 periods, a yearly one 1 to 3, as far as the time since it began allows; some turn
/// auto-renew off at the end, some fail billing. Prices are the store's, in dollars or euros; storefronts in
/// three countries. About ten transactions a customer on average.
struct MetricsBenchFacts: Sendable {
    static let appID = "bench-metrics"
    static let catalog = Catalog(products: [
        Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"],
                price: Money(minorUnits: 999, currency: "USD")),
        Product(id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", entitlements: ["pro"],
                price: Money(minorUnits: 7_999, currency: "USD")),
    ])
    static let day: Int64 = 86_400_000

    let now: Instant

    /// Customer `index`'s transactions and renewal infos.
    func facts(ofCustomer index: Int) -> (transactions: [TransactionFact], renewals: [RenewalInfoFact]) {
        var random = SplitMix64(state: UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        let id = "m\(index)"
        let yearly = Int.random(in: 0..<5, using: &random) == 0
        let product = yearly ? "pro.yearly" : "pro.monthly"
        let length: Int64 = yearly ? 365 : 30
        let euro = Int.random(in: 0..<3, using: &random) == 0
        let storefront = ["USA", "FRA", "JPN"][Int.random(in: 0..<3, using: &random)]
        let price = Money(minorUnits: yearly ? (euro ? 8_999 : 7_999) : (euro ? 1_099 : 999), currency: euro ? "EUR" : "USD")
        var start = now.adding(milliseconds: -Int64(Int.random(in: 1...1_095, using: &random)) * Self.day
            - Int64(Int.random(in: 0..<86_400, using: &random)) * 1_000)
        var transactions: [TransactionFact] = []
        func period(_ from: Instant, days: Int64, trial: Bool) {
            var fact = TransactionFact(
                store: .appStore, environment: .production, transactionID: "\(id)-\(transactions.count)", subscriptionID: id,
                productID: product, purchasedAt: from, expiresAt: from.adding(milliseconds: days * Self.day),
                isTrialPeriod: trial, subscriptionGroupID: "pro", observedAt: from)
            fact.storefront = storefront
            if !trial { fact.price = price }
            transactions.append(fact)
        }
        if Int.random(in: 0..<3, using: &random) == 0 {
            period(start, days: 7, trial: true)
            start = start.adding(milliseconds: 7 * Self.day)
            if Int.random(in: 0..<4, using: &random) == 0 { return (transactions, [renewal(id, product, at: start, willRenew: false)]) }
        }
        let possible = max(1, Int((now.milliseconds - start.milliseconds) / (length * Self.day)) + 1)
        let periods = min(possible, yearly ? Int.random(in: 1...3, using: &random) : Int.random(in: 1...38, using: &random))
        for number in 0..<periods {
            let from = start.adding(milliseconds: Int64(number) * length * Self.day)
            guard from <= now else { break }
            period(from, days: length, trial: false)
        }
        let end = transactions.last!.expiresAt!
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return (transactions, [renewal(id, product, at: end.adding(milliseconds: -2 * Self.day), willRenew: false, reason: .voluntary)])
        case 1: return (transactions, [renewal(id, product, at: end.adding(milliseconds: Self.day), willRenew: false, reason: .billingError)])
        default: return (transactions, [renewal(id, product, at: transactions.last!.purchasedAt, willRenew: true)])
        }
    }

    private func renewal(_ id: String, _ product: String, at instant: Instant, willRenew: Bool, reason: ExpirationReason? = nil) -> RenewalInfoFact {
        RenewalInfoFact(
            store: .appStore, environment: .production, subscriptionID: id, productID: product, willAutoRenew: willRenew,
            autoRenewProductID: product, expirationReason: reason, observedAt: min(instant, now))
    }
}
