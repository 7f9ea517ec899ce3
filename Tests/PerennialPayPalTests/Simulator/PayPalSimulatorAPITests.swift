import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalSimulator
import PerennialTesting
import Testing

/// The simulator's API guards itself as PayPal's does: credentials and tokens, bad and hostile input,
/// idempotent creation, and the outages and webhook trouble a test asks for.
@Suite struct PayPalSimulatorAPITests {
    @Test func callsNeedTheAppsCredentialsAndALiveToken() async throws {
        let paypal = PayPalSimulatorFixture()
        let wrong = try await paypal.transport.send(HTTPTransportRequest(
            method: "POST", url: "\(PayPalSimulatorFixture.host)/v1/oauth2/token",
            headers: [HTTPTransportHeader(name: "Authorization", value: "Basic " + Data("client-1:guess".utf8).base64EncodedString())],
            body: Array("grant_type=client_credentials".utf8), timeout: .seconds(5)))
        #expect(wrong.status == 401)
        #expect(PayPalSimulatorFixture.object(wrong.body)["error"] as? String == "invalid_client")
        let anonymous = try await paypal.transport.send(HTTPTransportRequest(
            method: "GET", url: "\(PayPalSimulatorFixture.host)/v1/billing/plans/P-1", timeout: .seconds(5)))
        #expect(anonymous.status == 401)

        let token = try await paypal.token()
        paypal.clock.advance(milliseconds: 32_401_000)
        let expired = try await paypal.transport.send(HTTPTransportRequest(
            method: "GET", url: "\(PayPalSimulatorFixture.host)/v1/billing/plans/P-1",
            headers: [HTTPTransportHeader(name: "Authorization", value: "Bearer \(token)")], timeout: .seconds(5)))
        #expect(expired.status == 401)
    }

    @Test func badInputIsRefusedNamingTheProblem() async throws {
        let paypal = PayPalSimulatorFixture()
        let unknown = try await paypal.call("GET", "/v1/billing/subscriptions/I-NOPE")
        #expect(unknown.status == 404)
        #expect(unknown.body["name"] as? String == "RESOURCE_NOT_FOUND")
        #expect((unknown.body["debug_id"] as? String)?.isEmpty == false)
        let product = try await paypal.call("POST", "/v1/catalogs/products", ["name": "Pro"])
        let monthly: [String: Any] = [
            "frequency": ["interval_unit": "MONTH"], "tenure_type": "REGULAR", "sequence": 1,
            "pricing_scheme": ["fixed_price": ["currency_code": "USD", "value": "9.99"]],
        ]
        #expect(try await paypal.call("POST", "/v1/billing/plans", ["product_id": "PROD-NOPE", "name": "x", "billing_cycles": [monthly]]).status == 422)
        #expect(try await paypal.call("POST", "/v1/billing/plans", ["product_id": product.body["id"] as? String ?? "", "name": "x", "billing_cycles": [[:]]]).status == 400)
        let noPrice: [String: Any] = [
            "product_id": product.body["id"] as? String ?? "", "name": "x",
            "billing_cycles": [["frequency": ["interval_unit": "MONTH"], "tenure_type": "REGULAR", "sequence": 1]],
        ]
        #expect(try await paypal.call("POST", "/v1/billing/plans", noPrice).status == 400)
        #expect(try await paypal.call("POST", "/v1/billing/subscriptions", ["plan_id": "P-NOPE"]).status == 422)
        let plan = try await paypal.plan()
        let id = try await paypal.subscribe(plan: plan)
        #expect(try await paypal.call("GET", "/v1/billing/subscriptions/\(id)/transactions").status == 400, "both times are required")
        #expect(try await paypal.call("GET", "/v1/billing/subscriptions/\(id)/transactions?start_time=yesterday&end_time=now").status == 400)

        for garbage in [Data("{".utf8), Data("[1,2]".utf8), Data(repeating: 0xFF, count: 64)] {
            let answer = try await paypal.transport.send(HTTPTransportRequest(
                method: "POST", url: "\(PayPalSimulatorFixture.host)/v1/billing/subscriptions",
                headers: [HTTPTransportHeader(name: "Authorization", value: "Bearer " + (try await paypal.token()))],
                body: Array(garbage), timeout: .seconds(5)))
            #expect(answer.status == 400)
        }
    }

    @Test func aRequestIDMakesCreationIdempotent() async throws {
        let paypal = PayPalSimulatorFixture()
        let plan = try await paypal.plan()
        let first = try await paypal.call("POST", "/v1/billing/subscriptions", ["plan_id": plan], headers: ["PayPal-Request-Id": "order-7"])
        let again = try await paypal.call("POST", "/v1/billing/subscriptions", ["plan_id": plan], headers: ["PayPal-Request-Id": "order-7"])
        let other = try await paypal.call("POST", "/v1/billing/subscriptions", ["plan_id": plan], headers: ["PayPal-Request-Id": "order-8"])
        #expect(first.body["id"] as? String == again.body["id"] as? String)
        #expect(first.body["id"] as? String != other.body["id"] as? String)
    }

    @Test func faultsFailTheAPIAndDuplicateWebhooksUntilUsedUp() async throws {
        let paypal = PayPalSimulatorFixture()
        let plan = try await paypal.plan()
        _ = await paypal.simulator.registerWebhook(url: "http://perennial.test/hook", eventTypes: ["PAYMENT.SALE.COMPLETED"])
        let faults = try await paypal.transport.send(HTTPTransportRequest(
            method: "POST", url: "\(PayPalSimulatorFixture.host)/simulator/paypal/faults",
            body: Array(#"{"kind":"api_error","status":503,"count":2,"path_prefix":"/v1/billing/plans"}"#.utf8), timeout: .seconds(5)))
        #expect(faults.status == 201)
        #expect(try await paypal.call("GET", "/v1/billing/plans/\(plan)").status == 503)
        #expect(try await paypal.client.plan(id: plan).id == plan, "the client retries through the second failure")
        #expect(try await paypal.call("GET", "/v1/billing/plans/\(plan)").status == 200)

        _ = try await paypal.transport.send(HTTPTransportRequest(
            method: "POST", url: "\(PayPalSimulatorFixture.host)/simulator/paypal/faults", body: Array(#"{"kind":"duplicate_webhook"}"#.utf8),
            timeout: .seconds(5)))
        _ = try await paypal.subscribe(plan: plan)
        #expect(paypal.webhooks.bodyField("event_type") == ["PAYMENT.SALE.COMPLETED", "PAYMENT.SALE.COMPLETED"])
        #expect(Set(paypal.webhooks.deliveries.map(\.body)).count == 1)
    }
}
