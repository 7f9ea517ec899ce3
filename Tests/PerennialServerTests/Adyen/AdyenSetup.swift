import Foundation
import PerennialAdyen
import PerennialAdyenAdapter
import PerennialAdyenSimulator
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialSimulator
import Testing

/// The Adyen simulator beside an in-process Perennial: it answers the calls to `adyen.test` and posts its
/// signed standard webhooks into Perennial. Time moves for both stores together, and then Perennial's
/// scheduled work runs (the renewal checks and the renewals they lead to) and Adyen's webhooks are delivered.
struct AdyenSetup {
    static let endpoint = "http://perennial.test/v1/adyen/notifications/forest"
    static let hmacKey = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056"
    static let productID = "adyen_pro_monthly"
    static let apiKey = "AQE-harness"

    let clock = SimulatorClock(start: TestHarness.start, rate: 0)
    let deliveries = HarnessWebhookTransport()
    let adyen: AdyenSimulator

    init() async {
        adyen = AdyenSimulator(apiKey: Self.apiKey, merchantAccount: "PerennialECOM", clock: clock, transport: deliveries)
        await adyen.setWebhook(url: Self.endpoint, hexKey: Self.hmacKey)
    }

    func configure(_ app: inout AppSettings) {
        app.catalog = Catalog(products: app.catalog.products + [
            Product(id: Self.productID, type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"], store: .adyen),
        ])
        app.storeSettings[.adyen] = AdyenSettings(
            apiKey: Self.apiKey, hmacKeys: [Self.hmacKey], merchantAccount: "PerennialECOM", isLive: false, apiBaseURL: "http://adyen.test/v71",
            returnURL: "https://app.example/done",
            plans: [Self.productID: AdyenPlan(price: AdyenAmount(value: 999, currency: "EUR"), period: AdyenBillingPeriod(1, .month))])
    }

    /// Moves both stores' clocks, then runs what Perennial scheduled until nothing is due, and delivers Adyen's
    /// webhooks.
    func advance(days: Int = 0, hours: Int = 0, _ harness: TestHarness) async throws {
        let duration = Duration.seconds(days * 86_400 + hours * 3_600)
        _ = await harness.simulator.advanceClock(by: duration)
        _ = clock.advance(by: duration)
        try await settle(harness)
    }

    /// Runs the maintenance tick and every due job, and delivers Adyen's webhooks.
    func settle(_ harness: TestHarness) async throws {
        try await harness.stack.scheduler.tick()
        var rounds = 0
        while rounds < 50, try await harness.stack.runner.runOnce() { rounds += 1 }
        await adyen.deliverDue()
    }

    /// Starts a purchase through Perennial and pays it as the shopper would; the subscription's id.
    func buy(_ appUserID: String, _ harness: TestHarness, refused: Bool = false) async throws -> String {
        let session = try await AppUserIDRouteTests.request(
            harness, .post, "/v1/adyen/checkout-sessions", json: ["app_user_id": appUserID, "product_id": Self.productID])
        #expect(session.status == 200, "\(session.body)")
        let id = try #require(session.body["subscription_id"].string)
        _ = await adyen.complete(session: try #require(session.body["session_id"].string), refused: refused)
        await adyen.deliverDue()
        return id
    }

    /// The shopper's stored card (Adyen's own API, as the renewals read it).
    func card(of subscriptionID: String) async throws -> String {
        let client = AdyenAPIClient(apiKey: Self.apiKey, baseURL: "http://adyen.test/v71", transport: adyen.transport)
        return try #require(try await client.storedPaymentMethods(shopperReference: subscriptionID, merchantAccount: "PerennialECOM").first?.id)
    }
}
