import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialCore
import PerennialOutbound
import PerennialPayPalSimulator
import PerennialServices
import PerennialSimulator
import PerennialSimulatorKit
import PerennialSquare
import PerennialSquareAdapter
import PerennialSquareSimulator
import Testing

/// Perennial against the Square simulator, nothing faked: the simulator invoices each period on its clock and
/// posts its own signed webhooks into Perennial, which checks them against the notification URL and the
/// signature key and reads the subscription, its invoices, its plan and its customer back. A customer's
/// entitlement follows purchase, renewal, an unpaid invoice (ACTIVE at Square), its payment, cancellation at
/// the period's end and a refund; a customer paying on Square and on PayPal is one customer.
@Suite struct SquareSimulatorLifecycleTests {
    static let endpoint = "http://perennial.test/v1/square/webhooks/forest"
    static let signatureKey = "square-signature-key-0123456789"

    struct Setup {
        let clock = SimulatorClock(start: TestHarness.start, rate: 0)
        let deliveries = HarnessWebhookTransport()
        let square: SquareSimulator
        let planID: String

        init() async throws {
            square = SquareSimulator(accessToken: "EAAA-harness", clock: clock, transport: deliveries, baseURL: "http://square.test")
            planID = try await square.makePlan(name: "Pro (Square)", priceMinorUnits: 999)
            await square.registerWebhook(url: SquareSimulatorLifecycleTests.endpoint, signatureKey: SquareSimulatorLifecycleTests.signatureKey)
        }

        func configure(_ app: inout AppSettings) {
            app.catalog = Catalog(products: app.catalog.products + [Product(id: planID, type: .autoRenewable, entitlements: ["pro"], store: .square)])
            app.storeSettings[.square] = SquareSettings(
                accessToken: "EAAA-harness", signatureKeys: [SquareSimulatorLifecycleTests.signatureKey],
                notificationURL: SquareSimulatorLifecycleTests.endpoint, isProduction: false, apiBaseURL: "http://square.test")
        }

        /// The stores' clocks move together; the simulator acts, bills and delivers what fell due.
        func advance(days: Int = 0, hours: Int = 0, _ harness: TestHarness) async {
            let duration = Duration.seconds(days * 86_400 + hours * 3_600)
            _ = await harness.simulator.advanceClock(by: duration)
            _ = clock.advance(by: duration)
            await square.tick()
        }
    }

    static func subscription(_ harness: TestHarness, store: String = "square") async throws -> JSONObject {
        try await harness.customer("sam").body["subscriptions"].array.first { $0["store"].string == store } ?? JSONObject(nil)
    }

    static func entitlements(_ harness: TestHarness, _ id: String = "sam") async throws -> [String] {
        try await harness.customer(id).body["entitlements"].array.compactMap { $0["identifier"].string }
    }

    @Test func aCustomerLivesThroughEveryTurnOfASquareSubscription() async throws {
        let setup = try await Setup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, square: setup.square.transport) { harness in
            setup.deliveries.attach(harness.client)
            let (id, card) = try await setup.square.subscribe(planVariationID: setup.planID, referenceID: "sam")
            #expect(try await Self.entitlements(harness) == ["pro"])
            let first = try await Self.subscription(harness)
            #expect(first["subscription_id"].string == id)
            #expect(first["state"].string == "active")

            // A month on, Square invoices and charges the card again: still entitled.
            await setup.advance(days: 31, harness)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["renewal_count"].int == 1)

            // The card declines: Square sends the invoice unpaid, moves charged_through_date and keeps the
            // subscription ACTIVE. Perennial entitles only what was paid.
            try await setup.square.setDeclines(true, card: card)
            await setup.advance(days: 30, harness)
            #expect(try await Self.entitlements(harness).isEmpty, "an unpaid invoice is not a paid period")
            #expect(try await Self.subscription(harness)["state"].string == "billing_retry")

            // The customer pays the emailed invoice: entitled again.
            let unpaid = try #require(await setup.square.invoices(subscription: id).last?.invoice)
            await setup.advance(hours: 2, harness)
            try await setup.square.pay(invoice: unpaid)
            await setup.square.deliverDue()
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["state"].string == "active")

            // The seller cancels: it ends with the period already paid.
            await setup.advance(hours: 1, harness)
            #expect(try await Self.call("POST", "/v2/subscriptions/\(id)/cancel", setup) == 200)
            await setup.square.deliverDue()
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await Self.subscription(harness)["will_renew"].bool == false)

            // The last payment is refunded: nothing is left.
            let payment = try #require(await setup.square.invoices(subscription: id).last?.payment)
            #expect(try await Self.call("POST", "/v2/refunds", setup, body: #"{"idempotency_key":"r-1","payment_id":"\#(payment)","amount_money":{"amount":999,"currency":"USD"}}"#) == 200)
            await setup.square.deliverDue()
            #expect(try await Self.entitlements(harness).isEmpty)

            let statuses = await setup.square.attempts.map(\.status)
            #expect(!statuses.isEmpty && statuses.allSatisfy { $0 == 200 }, "every delivery verified and accepted: \(statuses)")
        }
    }

    @Test func forgedAndReplayedDeliveriesChangeNothing() async throws {
        let setup = try await Setup()
        try await TestHarness.run(configureApp: { setup.configure(&$0) }, square: setup.square.transport) { harness in
            setup.deliveries.attach(harness.client)
            let (id, _) = try await setup.square.subscribe(planVariationID: setup.planID, referenceID: "sam")
            let event = try #require(await setup.square.events.last?.body)
            let forged = try await harness.client.execute(
                uri: "/v1/square/webhooks/forest", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(bytes: event)) { Int($0.status.code) }
            #expect(forged == 401, "unsigned")
            // Five days on, the same event signed again with the right key (a leaked delivery replayed) is stale.
            await setup.advance(days: 5, harness)
            let status = try await Self.post(event, harness)
            #expect(status == 401)
            #expect(try await Self.subscription(harness)["subscription_id"].string == id)
        }
    }

    @Test func aCustomerPayingOnSquareAndOnPayPalIsOneCustomer() async throws {
        let setup = try await Setup()
        let payPal = try await PayPalSimulatorLifecycleTests.Setup()
        try await TestHarness.run(
            configureApp: { setup.configure(&$0); payPal.configure(&$0) }, payPal: payPal.simulator.transport, square: setup.square.transport
        ) { harness in
            setup.deliveries.attach(harness.client)
            payPal.deliveries.attach(harness.client)
            _ = try await setup.square.subscribe(planVariationID: setup.planID, referenceID: "sam")
            _ = try await payPal.simulator.subscribe(planID: payPal.planID, customID: "sam")
            let customer = try await harness.customer("sam").body
            #expect(Set(customer["subscriptions"].array.compactMap { $0["store"].string }) == ["square", "paypal"])
            #expect(try await Self.entitlements(harness) == ["pro"])
        }
    }

    /// A call as the seller's own backend makes it; the status.
    static func call(_ method: String, _ path: String, _ setup: Setup, body: String = "{}") async throws -> Int {
        try await setup.square.transport.send(HTTPTransportRequest(
            method: method, url: "http://square.test\(path)", headers: [HTTPTransportHeader(name: "Authorization", value: "Bearer EAAA-harness")],
            body: Array(body.utf8), timeout: .seconds(5))).status
    }

    /// Posts `body` signed as Square signs it for the app's endpoint; the status.
    static func post(_ body: Data, _ harness: TestHarness) async throws -> Int {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let name = HTTPField.Name("x-square-hmacsha256-signature") {
            headers[name] = SquareWebhookVerifier.signature(body: body, notificationURL: endpoint, key: signatureKey)
        }
        return try await harness.client.execute(uri: "/v1/square/webhooks/forest", method: .post, headers: headers, body: ByteBuffer(bytes: body)) {
            Int($0.status.code)
        }
    }
}
