import PerennialCore

extension SimulatorConfiguration {
    /// A ready-made app for demos and a first curl session: `com.example.perennial`, shared secret
    /// `5e6f0c2a9b8d4e1f7a3c6b9d2e5f8a1c`, a 16-day grace period, and products covering every case:
    /// - `pro.plus.monthly` (level 1, month), `pro.monthly` (level 2, month, 1-week trial, family
    ///   shareable), `pro.yearly` (level 2, year, intro offer of 3 months), `pro.quarterly` (level 2,
    ///   three months), `basic.monthly` (level 3, month), all in group `pro`;
    /// - `coins.100` (consumable), `lifetime` (non-consumable).
    public static func example(timeScale: SimulatorTimeScale = .appleSandbox, start: Instant? = nil) -> Self {
        let products = [
            SimulatorProduct(
                id: "pro.plus.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, period: .month),
            SimulatorProduct(
                id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, period: .month,
                trialPeriod: .week, familyShareable: true),
            SimulatorProduct(
                id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, period: .year,
                introOffer: SimulatorIntroOffer(periods: 3, period: .month)),
            SimulatorProduct(
                id: "pro.quarterly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, period: .threeMonths),
            SimulatorProduct(
                id: "basic.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 3, period: .month),
            SimulatorProduct(id: "coins.100", type: .consumable),
            SimulatorProduct(id: "lifetime", type: .nonConsumable, familyShareable: true),
        ]
        let app = SimulatorApp(
            bundleID: "com.example.perennial", sharedSecret: "5e6f0c2a9b8d4e1f7a3c6b9d2e5f8a1c", gracePeriodDays: 16,
            products: products)
        return SimulatorConfiguration(apps: [app], timeScale: timeScale, start: start)
    }
}
