import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator

/// A simulator on the manual clock, at a fixed start, with products covering every case.
enum Fixture {
    /// 2024-01-15 00:00:00 UTC.
    static let start = Instant(milliseconds: 1_705_276_800_000)
    static let day: Int64 = 86_400_000
    static let bundleID = "com.example.perennial"
    static let otherBundleID = "com.example.other"
    static let secret = "test-shared-secret"

    static let configuration = SimulatorConfiguration(
        apps: [
            SimulatorApp(
                bundleID: bundleID, sharedSecret: secret, gracePeriodDays: 16,
                products: [
                    SimulatorProduct(
                        id: "plus.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, period: .month),
                    SimulatorProduct(
                        id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, period: .month,
                        trialPeriod: .week, familyShareable: true),
                    SimulatorProduct(
                        id: "pro.monthly.promo", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2,
                        period: .month, familyShareable: true),
                    SimulatorProduct(
                        id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, period: .year,
                        introOffer: SimulatorIntroOffer(periods: 3, period: .month)),
                    SimulatorProduct(
                        id: "basic.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 3, period: .month),
                    SimulatorProduct(id: "coins", type: .consumable),
                    SimulatorProduct(id: "lifetime", type: .nonConsumable),
                ]),
            SimulatorApp(
                bundleID: otherBundleID, gracePeriodDays: 0,
                products: [
                    SimulatorProduct(id: "weekly", type: .autoRenewable, subscriptionGroup: "main", period: .week),
                    SimulatorProduct(id: "coins", type: .consumable),
                ]),
        ],
        timeScale: .manual, start: start)

    static func simulator() throws -> AppStoreSimulator {
        try AppStoreSimulator(configuration: configuration)
    }

    static func instant(days: Int64, from base: Instant = start) -> Instant {
        base.adding(milliseconds: days * day)
    }

    /// A receipt's opaque value (attribute 4), which names its account: equal for two receipts of the same
    /// account, whatever else changed. The signature is not checked here.
    static func opaqueValue(of receiptData: String) async -> Data? {
        await LocalReceiptVerifier().verify(base64Receipt: receiptData, trustedRoots: []).payload?.opaqueValue
    }
}

extension AppStoreSimulator {
    /// verifyReceipt at the sandbox endpoint with the right secret.
    func verify(_ receiptData: String, excludeOld: Bool = false, endpoint: StoreEnvironment = .sandbox)
        -> VerifyReceiptResponse
    {
        verifyReceipt(
            receiptData: receiptData, password: Fixture.secret, excludeOldTransactions: excludeOld, endpoint: endpoint)
    }

    func advance(days: Double) {
        advanceClock(by: .milliseconds(Int64(days * Double(Fixture.day))))
    }

    func kinds(account: String) -> [SimulatorEventKind] {
        report(account: account).events.map(\.kind)
    }
}
