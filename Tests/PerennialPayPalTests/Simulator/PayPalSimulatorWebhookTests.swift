import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalSimulator
import PerennialTesting
import Testing

/// The simulator's webhooks are signed as PayPal signs them, verified by Perennial's own verifier against the
/// certificate the simulator serves; retried until answered; and refunds name the sale.
@Suite struct PayPalSimulatorWebhookTests {
    static let endpoint = "http://perennial.test/v1/paypal/webhooks/forest"

    @Test func deliveriesVerifyWithTheCertificateTheSimulatorServes() async throws {
        let paypal = PayPalSimulatorFixture()
        let registered = try await paypal.call("POST", "/v1/notifications/webhooks", ["url": Self.endpoint, "event_types": [["name": "*"]]])
        #expect(registered.status == 201)
        let webhookID = try #require(registered.body["id"] as? String)
        _ = try await paypal.subscribe(plan: try await paypal.plan())
        #expect(paypal.webhooks.bodyField("event_type") == ["BILLING.SUBSCRIPTION.CREATED", "BILLING.SUBSCRIPTION.ACTIVATED", "PAYMENT.SALE.COMPLETED"])

        for delivery in paypal.webhooks.deliveries {
            #expect(delivery.url == Self.endpoint)
            let transmission = try PayPalTransmission { paypal.webhooks.header($0, of: delivery) }
            #expect(transmission.certificateURL.hasPrefix("http://paypal.test/v1/notifications/certs/CERT-"))
            let certificate = try await paypal.transport.send(HTTPTransportRequest(method: "GET", url: transmission.certificateURL, timeout: .seconds(5)))
            let verifier = PayPalWebhookVerifier(roots: [PayPalSigningAuthority.shared.root])
            try await verifier.verify(
                transmission, body: Data(delivery.body), webhookID: webhookID, certificateChainPEM: String(decoding: certificate.body, as: UTF8.self),
                now: paypal.clock.now())
            await #expect(throws: PayPalWebhookError.self) {
                try await verifier.verify(
                    transmission, body: Data(delivery.body) + Data(" ".utf8), webhookID: webhookID,
                    certificateChainPEM: String(decoding: certificate.body, as: UTF8.self), now: paypal.clock.now())
            }
        }
    }

    @Test func thePostbackVerificationAnswersForTheEventsItSent() async throws {
        let paypal = PayPalSimulatorFixture()
        let webhookID = await paypal.simulator.registerWebhook(url: Self.endpoint)
        _ = try await paypal.subscribe(plan: try await paypal.plan())
        let delivery = try #require(paypal.webhooks.deliveries.last)
        let transmission = try PayPalTransmission { paypal.webhooks.header($0, of: delivery) }
        #expect(try await paypal.client.verifiesWebhook(transmission, webhookID: webhookID, body: Data(delivery.body)))
        #expect(try await !paypal.client.verifiesWebhook(transmission, webhookID: "another-webhook", body: Data(delivery.body)))
        var forged = transmission
        forged.signature[0] ^= 1
        #expect(try await !paypal.client.verifiesWebhook(forged, webhookID: webhookID, body: Data(delivery.body)))
    }

    @Test func aDeliveryNotAnsweredIsRetriedWithTheSameBody() async throws {
        let paypal = PayPalSimulatorFixture()
        _ = await paypal.simulator.registerWebhook(url: Self.endpoint, eventTypes: ["PAYMENT.SALE.COMPLETED"])
        paypal.webhooks.answer([500, 503])
        _ = try await paypal.subscribe(plan: try await paypal.plan())
        #expect(paypal.webhooks.deliveries.count == 1)
        paypal.clock.advance(milliseconds: 60_000)
        await paypal.simulator.deliverDue()
        paypal.clock.advance(milliseconds: 120_000)
        await paypal.simulator.deliverDue()
        let deliveries = paypal.webhooks.deliveries
        #expect(deliveries.count == 3)
        #expect(Set(deliveries.map(\.body)).count == 1, "every attempt carries the same bytes")
        #expect(Set(deliveries.compactMap { paypal.webhooks.header("PAYPAL-TRANSMISSION-ID", of: $0) }).count == 3)
        #expect(await paypal.simulator.attempts.map(\.status) == [500, 503, 200])
    }

    @Test func aRefundNamesTheSaleAndAReversalTakesItBack() async throws {
        let paypal = PayPalSimulatorFixture()
        _ = await paypal.simulator.registerWebhook(url: Self.endpoint)
        let id = try await paypal.subscribe(plan: try await paypal.plan())
        await paypal.advance(days: 31)
        let sales = await paypal.simulator.saleIDs(subscription: id)
        #expect(sales.count == 2)

        let partial = try await paypal.call("POST", "/v2/payments/captures/\(sales[0])/refund", ["amount": ["currency_code": "USD", "value": "2.00"]])
        #expect(partial.status == 201)
        #expect(try await paypal.call("POST", "/v2/payments/captures/\(sales[0])/refund", ["amount": ["currency_code": "USD", "value": "9.99"]]).status == 422)
        #expect(try await paypal.call("POST", "/v2/payments/captures/\(sales[1])/refund").status == 201)
        #expect(try await paypal.call("POST", "/v2/payments/captures/\(sales[1])/refund").status == 422)
        let listed = try await paypal.client.transactions(subscriptionID: id, from: PayPalSimulatorFixture.start, to: paypal.clock.now())
        #expect(listed.map(\.status) == [.partiallyRefunded, .refunded])
        await paypal.simulator.deliverDue()

        let refund = try #require(PayPalWebhookEvent.read(Data(paypal.webhooks.deliveries.last?.body ?? [])))
        #expect(refund.eventType == "PAYMENT.SALE.REFUNDED")
        #expect(refund.target == .sale(id: sales[1]), "a refund names the sale, not the subscription")
        #expect(refund.refund?.saleID == sales[1])

        try await paypal.simulator.reverse(sale: sales[0])
        await paypal.simulator.deliverDue()
        let reversal = try #require(PayPalWebhookEvent.read(Data(paypal.webhooks.deliveries.last?.body ?? [])))
        #expect(reversal.eventType == "PAYMENT.SALE.REVERSED")
        #expect(reversal.refund?.saleID == sales[0])
    }
}
