import Foundation
import PerennialCore
import PerennialSquare
import PerennialSquareSimulator
import PerennialTesting
import Testing

/// The simulator bills as Square does, read back through Perennial's own client: an invoice a period, in
/// advance; a declined card leaves the invoice unpaid and the subscription ACTIVE; cancellation and pauses
/// at the period's end; refunds; webhooks signed over the notification URL and the body.
@Suite struct SquareSimulatorTests {
    typealias Fixture = SquareSimulatorFixture

    @Test func eachPeriodIsInvoicedInAdvanceAndCharged() async throws {
        let square = Fixture()
        let plan = try await square.simulator.makePlan(name: "Pro", priceMinorUnits: 999)
        let (id, _) = try await square.simulator.subscribe(planVariationID: plan, referenceID: "sam")
        let started = try await square.client.subscription(id: id)
        #expect(started.status == .active)
        #expect(started.startDate == "2026-03-01")
        #expect(started.chargedThroughDate == "2026-04-01")
        #expect(try await square.client.customer(id: try #require(started.customerID)).referenceID == "sam")
        #expect(try await square.client.planVariation(id: plan).orderedPhases.first?.cadence == .monthly)

        await square.advance(days: 31)
        let renewed = try await square.client.subscription(id: id)
        #expect(renewed.chargedThroughDate == "2026-05-01")
        #expect(renewed.invoiceIDs?.count == 2)
        let newest = try await square.client.invoice(id: try #require(renewed.invoiceIDs?.first))
        #expect(newest.status == .paid)
        #expect(newest.saleOrServiceDate == "2026-04-01")
        #expect(newest.amount?.money == Money(minorUnits: 999, currency: "USD"))
    }

    @Test func aDeclinedCardLeavesTheInvoiceUnpaidAndTheSubscriptionActive() async throws {
        let square = Fixture()
        _ = await square.simulator.registerWebhook(url: Fixture.hook)
        let plan = try await square.simulator.makePlan(name: "Pro", priceMinorUnits: 999)
        let (id, card) = try await square.simulator.subscribe(planVariationID: plan, referenceID: "sam")
        try await square.simulator.setDeclines(true, card: card)
        await square.advance(days: 31)
        let owing = try await square.client.subscription(id: id)
        #expect(owing.status == .active, "Square keeps invoicing")
        #expect(owing.chargedThroughDate == "2026-05-01", "charged_through_date moves whether paid or not")
        let unpaid = try #require(owing.invoiceIDs?.first)
        #expect(try await square.client.invoice(id: unpaid).status == .unpaid)
        #expect(square.webhooks.bodyField("type").contains("invoice.scheduled_charge_failed"))

        try await square.simulator.pay(invoice: unpaid)
        #expect(try await square.client.invoice(id: unpaid).status == .paid)
    }

    @Test func cancellingAndPausingTakeEffectAtThePeriodsEnd() async throws {
        let square = Fixture()
        let plan = try await square.simulator.makePlan(name: "Pro", priceMinorUnits: 999)
        let (id, _) = try await square.simulator.subscribe(planVariationID: plan, referenceID: "sam")
        let paused = try await square.call("POST", "/v2/subscriptions/\(id)/pause", ["pause_cycle_duration": 1])
        #expect(paused.status == 200)
        #expect((paused.body["actions"] as? [[String: Any]])?.compactMap { $0["type"] as? String } == ["PAUSE", "RESUME"])
        #expect(try await square.client.subscription(id: id).actions?.count == 2)
        await square.advance(days: 31)
        #expect(try await square.client.subscription(id: id).status == .paused)
        await square.advance(days: 30)
        let resumed = try await square.client.subscription(id: id)
        #expect(resumed.status == .active)
        #expect(resumed.invoiceIDs?.count == 2, "no invoice for the paused month")

        let cancelled = try await square.call("POST", "/v2/subscriptions/\(id)/cancel", [:])
        #expect((cancelled.body["subscription"] as? [String: Any])?["canceled_date"] as? String == resumed.chargedThroughDate)
        #expect(try await square.call("POST", "/v2/subscriptions/\(id)/cancel", [:]).status == 400)
        #expect(try await square.client.subscription(id: id).status == .active)
        await square.advance(days: 31)
        #expect(try await square.client.subscription(id: id).status == .canceled)
    }

    @Test func webhooksAreSignedOverTheNotificationURLAndTheBody() async throws {
        let square = Fixture()
        let registered = try await square.call("POST", "/v2/webhooks/subscriptions", [
            "idempotency_key": "k-1", "subscription": ["name": "Perennial", "event_types": ["*"], "notification_url": Fixture.hook],
        ])
        let key = try #require((registered.body["subscription"] as? [String: Any])?["signature_key"] as? String)
        let plan = try await square.simulator.makePlan(name: "Pro", priceMinorUnits: 999)
        _ = try await square.simulator.subscribe(planVariationID: plan, referenceID: "sam")
        #expect(square.webhooks.bodyField("type") == ["subscription.created", "invoice.created", "invoice.payment_made"])
        let verifier = SquareWebhookVerifier(signatureKeys: [key], notificationURL: Fixture.hook)
        for delivery in square.webhooks.deliveries {
            let header = delivery.headers.first { $0.name == "x-square-hmacsha256-signature" }?.value
            try verifier.verify(signatureHeader: header, body: Data(delivery.body), now: square.clock.now())
        }
    }

    @Test func theAPIRefusesStrangersAndBadInput() async throws {
        let square = Fixture()
        let stranger = try await square.simulator.transport.send(.init(
            method: "GET", url: Fixture.host + "/v2/locations", headers: [.init(name: "Authorization", value: "Bearer guess")], timeout: .seconds(5)))
        #expect(stranger.status == 401)
        #expect(try await square.call("GET", "/v2/subscriptions/nope").status == 404)
        #expect(try await square.call("POST", "/v2/subscriptions", ["location_id": "LSIMULATED0001"]).status == 400)
        #expect(try await square.call("POST", "/v2/subscriptions", [
            "location_id": "LSIMULATED0001", "customer_id": "nobody", "plan_variation_id": "nothing",
        ]).status == 404)
        #expect(try await square.call("POST", "/v2/refunds", ["idempotency_key": "r", "payment_id": "p", "amount_money": ["amount": -1]]).status == 400)
    }
}
