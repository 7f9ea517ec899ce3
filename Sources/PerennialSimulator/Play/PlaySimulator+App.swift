extension PlaySimulator {
    /// The Play side of a simulator app: its bundle id as the package name, and each auto-renewable product
    /// as a Play subscription with one base plan of the same period (a free trial offer when it has a trial).
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
                freeTrialOfferID: product.trialPeriod == nil ? nil : "free-trial"
            )
        }
        try self.init(packageName: app.bundleID, products: products, clock: clock)
    }
}
