import Foundation
import PerennialCore
import PerennialSimulator
import Testing

@Suite struct ConfigurationTests {
    @Test func decodesSnakeCaseJSON() throws {
        let json = """
            {
              "time_scale": {"factor": 60},
              "start_ms": 1705276800000,
              "apps": [{
                "bundle_id": "com.example.app", "shared_secret": "s", "grace_period_days": 3,
                "products": [
                  {"id": "m", "type": "auto_renewable", "subscription_group": "g", "group_level": 1,
                   "period": "month", "trial_period": "three_days", "intro_offer": {"periods": 2, "period": "week"},
                   "family_shareable": true},
                  {"id": "c", "type": "consumable"}
                ]
              }]
            }
            """
        let configuration = try JSONDecoder().decode(SimulatorConfiguration.self, from: Data(json.utf8))
        #expect(configuration.timeScale == .factor(60))
        #expect(configuration.start == Fixture.start)
        let app = try #require(configuration.app("com.example.app"))
        #expect(app.gracePeriodDays == 3)
        #expect(app.products[0].introOffer == SimulatorIntroOffer(periods: 2, period: .week))
        #expect(app.products[0].familyShareable)
        #expect(app.products[1].familyShareable == false)
        try configuration.validate()

        let roundTrip = try JSONDecoder().decode(
            SimulatorConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(roundTrip == configuration)
        let scales = try JSONDecoder().decode([SimulatorTimeScale].self, from: Data(#"["apple_sandbox", "manual", 2.5]"#.utf8))
        #expect(scales == [.appleSandbox, .manual, .factor(2.5)])
    }

    @Test func rejectsInvalidConfigurations() {
        let product = SimulatorProduct(id: "m", type: .autoRenewable, subscriptionGroup: "g", period: .month)
        let invalid = [
            SimulatorConfiguration(apps: [SimulatorApp(bundleID: "a", gracePeriodDays: 7, products: [product])]),
            SimulatorConfiguration(apps: [
                SimulatorApp(bundleID: "a", products: [SimulatorProduct(id: "m", type: .autoRenewable)])
            ]),
            SimulatorConfiguration(apps: [SimulatorApp(bundleID: "a", products: [product, product])]),
            SimulatorConfiguration(apps: [
                SimulatorApp(bundleID: "a", products: []), SimulatorApp(bundleID: "a", products: []),
            ]),
            SimulatorConfiguration(apps: [], timeScale: .factor(-1)),
            SimulatorConfiguration(apps: [
                SimulatorApp(bundleID: "a", products: [SimulatorProduct(id: "c", type: .consumable, trialPeriod: .week)])
            ]),
        ]
        for configuration in invalid {
            #expect(throws: SimulatorError.self) { try AppStoreSimulator(configuration: configuration) }
        }
        #expect(throws: Never.self) { try AppStoreSimulator(configuration: .example()) }
    }

    @Test func appleSandboxCompressesPeriodsRetryAndGrace() async throws {
        let clock = SimulatorClock(start: Fixture.start, rate: 0)
        let simulator = try AppStoreSimulator(configuration: .example(timeScale: .appleSandbox, start: Fixture.start), clock: clock)
        let purchase = try await simulator.purchase(
            account: "alice", bundleID: "com.example.perennial", productID: "pro.monthly", offer: .trial)
        let password = "5e6f0c2a9b8d4e1f7a3c6b9d2e5f8a1c"
        var response = await simulator.verifyReceipt(receiptData: purchase.receiptData, password: password, endpoint: .sandbox)
        #expect(response.latestReceiptInfo?.first?.expiresDate == Fixture.start.adding(milliseconds: 3 * 60_000))

        await simulator.advanceClock(by: .seconds(3 * 60))
        response = await simulator.verifyReceipt(receiptData: purchase.receiptData, password: password, endpoint: .sandbox)
        #expect(response.latestReceiptInfo?.first?.expiresDate == Fixture.start.adding(milliseconds: 8 * 60_000))

        try await simulator.setBillingFailing(originalTransactionID: purchase.originalTransactionID, failing: true)
        await simulator.advanceClock(by: .seconds(5 * 60))
        response = await simulator.verifyReceipt(receiptData: purchase.receiptData, password: password, endpoint: .sandbox)
        let failedAt = Fixture.start.adding(milliseconds: 8 * 60_000)
        #expect(response.pendingRenewalInfo?.first?.gracePeriodExpiresDate == failedAt.adding(milliseconds: 160_000))
        await simulator.advanceClock(by: .seconds(10 * 60))
        response = await simulator.verifyReceipt(receiptData: purchase.receiptData, password: password, endpoint: .sandbox)
        #expect(response.pendingRenewalInfo?.first?.expirationIntent == 2)
        let expiry = await simulator.events().last
        #expect(expiry?.occurredAt == failedAt.adding(milliseconds: 600_000))
    }

    @Test func clockRunsAtItsRateAndAdvances() async throws {
        let manual = SimulatorClock(start: Fixture.start, rate: 0)
        #expect(manual.now() == Fixture.start)
        manual.advance(by: .seconds(90))
        #expect(manual.now() == Fixture.start.adding(milliseconds: 90_000))
        manual.advance(by: .seconds(-10))
        #expect(manual.now() == Fixture.start.adding(milliseconds: 90_000))

        let fast = SimulatorClock(start: Fixture.start, rate: 1000)
        try await Task.sleep(for: .milliseconds(20))
        #expect(fast.now().milliseconds - Fixture.start.milliseconds >= 20_000)
    }

    @Test func receiptTokensRoundTrip() {
        let token = ReceiptToken(environment: .production, account: "user:42", bundleID: "com.example.app")
        #expect(ReceiptToken(receiptData: token.receiptData) == token)
        #expect(ReceiptToken(receiptData: "not base64!") == nil)
        #expect(ReceiptToken(receiptData: Data("perennial-sim:1:moon:a:b".utf8).base64EncodedString()) == nil)
    }
}
