extension PlaySimulator {
    /// The Play side of a simulator app: its bundle id as the package name, and each auto-renewable product
    /// as a Play subscription with one base plan of the same period (a free trial offer when it has a trial, an
    /// introductory price offer at half the price when it has a pay-as-you-go introductory offer); its
    /// consumables and non-consumables are one-time products.
    public init(app: SimulatorApp, clock: SimulatorClock) throws {
        let products = app.products.filter { $0.type == .autoRenewable }.map { product in
            let period: String = switch product.period {
            case .week?: "P1W"
            case .threeMonths?: "P3M"
            case .sixMonths?: "P6M"
            case .year?: "P1Y"
            default: "P1M"
            }
            return PlaySimulatorProduct(
                productID: product.id, basePlanID: period.lowercased().replacingOccurrences(of: "p", with: "p-"),
                billingPeriod: period, recurringPriceMicros: product.priceMilliunits * 1_000,
                freeTrialOfferID: product.trialPeriod == nil ? nil : "free-trial",
                introductoryOfferID: product.introOffer == nil ? nil : "intro-price",
                introductoryPriceMicros: Self.halfPriceMicros(product.priceMilliunits), introductoryPeriods: product.introOffer?.periods ?? 1
            )
        }
        let oneTime = Set(app.products.filter { $0.type == .consumable || $0.type == .nonConsumable }.map(\.id))
        try self.init(packageName: app.bundleID, products: products, oneTimeProductIDs: oneTime, clock: clock)
    }

    /// Half a price, rounded half up to the cent: Google's prices are whole minor units.
    static func halfPriceMicros(_ priceMilliunits: Int64) -> Int64 {
        (priceMilliunits * 500 + 5_000) / 10_000 * 10_000
    }
}
