import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalAdapter
import PerennialPayPalSimulator
import PerennialServices
import Testing

/// `perennial doctor` on an app's PayPal set-up, against the simulator: each mistake named, none when the
/// webhook is PayPal's and sends what Perennial reads.
@Suite struct PayPalSetupCheckTests {
    static let app = AppSettings(id: "forest", bundleID: "com.example.forest", catalog: Catalog(products: []), publicAPIKey: "pk", secretAPIKey: "sk")

    static func codes(_ paypal: PayPalSimulatorFixture, webhookID: String, secret: String = PayPalSimulatorFixture.secret) async -> [String] {
        let settings = PayPalSettings(
            credentials: PayPalCredentials(clientID: PayPalSimulatorFixture.clientID, secret: secret), webhookID: webhookID, isLive: false,
            apiBaseURL: PayPalSimulatorFixture.host, trustedRoots: [])
        let client = PayPalAPIClient(
            credentials: settings.credentials, baseURL: settings.apiBaseURL, transport: paypal.transport, retryPolicy: RetryPolicy(attempts: 1),
            clock: paypal.clock, sleep: { _ in })
        let adapter = PayPalAdapter(
            connections: ["forest": PayPalConnection(settings: settings, client: client)], transport: paypal.transport, ledger: nil, clock: paypal.clock)
        return await adapter.diagnose(app: Self.app, activity: StoreActivity()).map(\.code)
    }

    @Test func eachMistakeIsNamed() async throws {
        let paypal = PayPalSimulatorFixture()
        let good = await paypal.simulator.registerWebhook(url: "https://perennial.example.com/v1/paypal/webhooks/forest")
        let elsewhere = await paypal.simulator.registerWebhook(url: "https://perennial.example.com/v1/paypal/webhooks/meadow")
        let narrow = await paypal.simulator.registerWebhook(url: "https://perennial.example.com/hooks/forest/v1/paypal/webhooks/forest", eventTypes: ["PAYMENT.SALE.COMPLETED"])
        #expect(await Self.codes(paypal, webhookID: good).isEmpty)
        #expect(await Self.codes(paypal, webhookID: elsewhere) == ["paypal_webhook_elsewhere"])
        #expect(await Self.codes(paypal, webhookID: narrow) == ["paypal_webhook_events_missing"])
        #expect(await Self.codes(paypal, webhookID: "WH-NONE") == ["paypal_webhook_unknown"])
        #expect(await Self.codes(paypal, webhookID: good, secret: "wrong") == ["paypal_credentials_rejected"])
    }
}
