import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalAdapter
import PerennialPayPalSimulator
import PerennialSimulatorKit
import PerennialServices
import PerennialSimulator
import PerennialTesting
import Testing

/// Perennial against the PayPal simulator, nothing faked: the simulator bills on its clock and posts its own
/// signed webhooks into Perennial, which verifies them with the simulator's certificate and reads the
/// subscription back from the simulator's API. A customer's entitlement follows purchase, renewal, a failed
/// payment, recovery, cancellation and a refund.
@Suite struct PayPalSimulatorLifecycleTests {
    static let endpoint = "http://perennial.test/v1/paypal/webhooks/forest"

    struct Setup {
        let clock = SimulatorClock(start: TestHarness.start, rate: 0)
        let deliveries = HarnessWebhookTransport()
        let simulator: PayPalSimulator
        let planID: String
        let webhookID: String

        init() async throws {
            simulator = PayPalSimulator(clientID: "client-1", secret: "secret-1", clock: clock, transport: deliveries, baseURL: "http://paypal.test")
            planID = try await simulator.makePlan(name: "Pro (PayPal)", price: "9.99")
            webhookID = await simulator.registerWebhook(url: PayPalSimulatorLifecycleTests.endpoint)
        }

        func configure(_ app: inout AppSettings) {
            app.catalog = Catalog(products: app.catalog.products + [Product(id: planID, type: .autoRenewable, entitlements: ["pro"], store: .payPal)])
            app.storeSettings[.payPal] = PayPalSettings(
                credentials: PayPalCredentials(clientID: "client-1", secret: "secret-1"), webhookID: webhookID, isLive: false,
                apiBaseURL: "http://paypal.test", certificateURLs: PayPalCertificateURLRule(hosts: ["paypal.test"], allowsHTTP: true),
                trustedRoots: [PayPalSigningAuthority.shared.root])
        }

        /// Both stores' clocks move together; the simulator bills and delivers what fell due.
        func advance(days: Int = 0, hours: Int = 0, _ harness: TestHarness) async {
            let duration = Duration.seconds(days * 86_400 + hours * 3_600)
            _ = await harness.simulator.advanceClock(by: duration)
            _ = clock.advance(by: duration)
            await simulator.tick()
        }
    }

    static func subscription(_ harness: TestHarness) async throws -> JSONObject {
        try await harness.customer("paula").body["subscriptions"].array.first { $0["store"].string == "paypal" } ?? JSONObject(nil)
    }

    static func entitlements(_ harness: TestHarness) async throws -> [String] {
        try await harness.customer("paula").body["entitlements"].array.compactMap { $0["identifier"].string }
    }

    @Test func aCustomerLivesThroughEveryTurnOfAPayPalSubscription() async throws {
        let setup = try await Setup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, payPal: setup.simulator.transport) { harness in
            setup.deliveries.attach(harness.client)
            let id = try await setup.simulator.subscribe(planID: setup.planID, customID: "paula")
            #expect(try await Self.entitlements(harness) == ["pro"])
            let first = try await Self.subscription(harness)
            #expect(first["subscription_id"].string == id)
            #expect(first["state"].string == "active")

            // A month on, PayPal collects again: still entitled, for another month.
            await setup.advance(days: 31, harness)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["renewal_count"].int == 1)

            // The next payment is declined: PayPal keeps the subscription ACTIVE, Perennial does not entitle.
            try await setup.simulator.setDeclineReason("PAYER_CANNOT_PAY", subscription: id)
            await setup.advance(days: 30, harness)
            #expect(try await Self.entitlements(harness).isEmpty, "billing retry: not entitled past what was paid")
            #expect(try await Self.subscription(harness)["state"].string == "billing_retry")

            // PayPal's retry five days later collects: entitled again.
            try await setup.simulator.setDeclineReason(nil, subscription: id)
            await setup.advance(days: 5, harness)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["state"].string == "active")

            // An hour later (two reads of PayPal at one instant are told apart by content, not order), the
            // merchant cancels: the period paid stays paid, and it will not renew.
            await setup.advance(hours: 1, harness)
            let merchant = setup.simulator.transport
            #expect(try await Self.cancel(id, merchant) == 204)
            await setup.simulator.deliverDue()
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["will_renew"].bool == false)

            // The last payment is refunded; the refund names only the sale.
            let sales = await setup.simulator.saleIDs(subscription: id)
            #expect(try await Self.refund(sales[sales.count - 1], merchant) == 201)
            await setup.simulator.deliverDue()
            #expect(try await Self.entitlements(harness).isEmpty)

            let statuses = await setup.simulator.attempts.map(\.status)
            #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == 200 }, "every delivery verified and accepted: \(statuses)")
        }
    }

    @Test func duplicateAndLateDeliveriesChangeNothingMore() async throws {
        let setup = try await Setup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, payPal: setup.simulator.transport) { harness in
            setup.deliveries.attach(harness.client)
            let merchant = setup.simulator.transport
            #expect(try await Self.control("faults", #"{"kind":"duplicate_webhook","count":3}"#, merchant) == 201)
            #expect(try await Self.control("faults", #"{"kind":"delay_webhook","count":1}"#, merchant) == 201)
            _ = try await setup.simulator.subscribe(planID: setup.planID, customID: "paula")
            await setup.advance(days: 1, harness)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["renewal_count"].int == 0)
            let attempts = await setup.simulator.attempts
            #expect(attempts.count > Set(attempts.map(\.eventID)).count, "some events arrived more than once")
            #expect(attempts.allSatisfy { $0.status == 200 })
        }
    }

    static func cancel(_ id: String, _ merchant: SimulatorTransport) async throws -> Int {
        try await merchantCall("POST", "/v1/billing/subscriptions/\(id)/cancel", #"{"reason":"moving to annual"}"#, merchant)
    }

    static func refund(_ sale: String, _ merchant: SimulatorTransport) async throws -> Int {
        try await merchantCall("POST", "/v2/payments/captures/\(sale)/refund", "{}", merchant)
    }

    static func control(_ path: String, _ body: String, _ merchant: SimulatorTransport) async throws -> Int {
        try await merchant.send(HTTPTransportRequest(
            method: "POST", url: "http://paypal.test/simulator/paypal/\(path)", body: Array(body.utf8), timeout: .seconds(5))).status
    }

    /// A call as the merchant's own systems make it: a token, then the call with it.
    static func merchantCall(_ method: String, _ path: String, _ body: String, _ merchant: SimulatorTransport) async throws -> Int {
        let basic = "Basic " + Data("client-1:secret-1".utf8).base64EncodedString()
        let token = try await merchant.send(HTTPTransportRequest(
            method: "POST", url: "http://paypal.test/v1/oauth2/token", headers: [HTTPTransportHeader(name: "Authorization", value: basic)],
            body: Array("grant_type=client_credentials".utf8), timeout: .seconds(5)))
        let accessToken = ((try? JSONSerialization.jsonObject(with: Data(token.body))) as? [String: Any])?["access_token"] as? String ?? ""
        return try await merchant.send(HTTPTransportRequest(
            method: method, url: "http://paypal.test\(path)", headers: [HTTPTransportHeader(name: "Authorization", value: "Bearer \(accessToken)")],
            body: Array(body.utf8), timeout: .seconds(5))).status
    }
}
