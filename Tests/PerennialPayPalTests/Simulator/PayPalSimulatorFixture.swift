import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalSimulator
import PerennialSimulatorKit
import PerennialTesting
import Testing

/// A PayPal simulator on a manual clock, its webhooks recorded, with helpers to call its API as a merchant.
struct PayPalSimulatorFixture {
    static let start = Instant(milliseconds: 1_780_000_000_000)
    static let clientID = "client-1"
    static let secret = "secret-1"
    static let host = "http://paypal.test"

    let clock = ManualClock(start)
    let webhooks = WebhookRecorder()
    let simulator: PayPalSimulator
    let transport: SimulatorTransport

    init() {
        simulator = PayPalSimulator(clientID: Self.clientID, secret: Self.secret, clock: clock, transport: webhooks)
        transport = simulator.transport
    }

    /// Perennial's own client for the simulator.
    var client: PayPalAPIClient {
        PayPalAPIClient(
            credentials: PayPalCredentials(clientID: Self.clientID, secret: Self.secret), baseURL: Self.host, transport: transport,
            retryPolicy: RetryPolicy(attempts: 3, baseDelay: .milliseconds(1), maxDelay: .milliseconds(2)), clock: clock, sleep: { _ in })
    }

    func token() async throws -> String {
        let answer = try await transport.send(HTTPTransportRequest(
            method: "POST", url: "\(Self.host)/v1/oauth2/token",
            headers: [
                HTTPTransportHeader(name: "Authorization", value: "Basic " + Data("\(Self.clientID):\(Self.secret)".utf8).base64EncodedString()),
                HTTPTransportHeader(name: "Content-Type", value: "application/x-www-form-urlencoded"),
            ],
            body: Array("grant_type=client_credentials".utf8), timeout: .seconds(5)))
        return try #require(Self.object(answer.body)["access_token"] as? String)
    }

    /// A call with a fresh token; the status and the JSON object answered (empty when none).
    func call(_ method: String, _ path: String, _ body: [String: Any]? = nil, headers: [String: String] = [:]) async throws -> (status: Int, body: [String: Any]) {
        var fields = [HTTPTransportHeader(name: "Authorization", value: "Bearer " + (try await token()))]
        fields += headers.map { HTTPTransportHeader(name: $0.key, value: $0.value) }
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let answer = try await transport.send(HTTPTransportRequest(method: method, url: Self.host + path, headers: fields, body: Array(data), timeout: .seconds(5)))
        return (answer.status, Self.object(answer.body))
    }

    static func object(_ bytes: [UInt8]) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }

    /// A monthly plan at 9.99 USD (after a free week when `trialDays`), suspending after `threshold` failures.
    func plan(trialDays: Int? = nil, threshold: Int = 0) async throws -> String {
        let product = try await call("POST", "/v1/catalogs/products", ["name": "Pro", "type": "SERVICE"])
        var cycles: [[String: Any]] = [[
            "frequency": ["interval_unit": "MONTH", "interval_count": 1], "tenure_type": "REGULAR", "sequence": trialDays == nil ? 1 : 2,
            "total_cycles": 0, "pricing_scheme": ["fixed_price": ["currency_code": "USD", "value": "9.99"]],
        ]]
        if let trialDays {
            cycles.insert(["frequency": ["interval_unit": "DAY", "interval_count": trialDays], "tenure_type": "TRIAL", "sequence": 1, "total_cycles": 1], at: 0)
        }
        let plan = try await call("POST", "/v1/billing/plans", [
            "product_id": product.body["id"] as? String ?? "", "name": "Pro monthly", "billing_cycles": cycles,
            "payment_preferences": ["payment_failure_threshold": threshold],
        ])
        return try #require(plan.body["id"] as? String, "\(plan)")
    }

    /// A subscription to `plan` for `customID`, approved by its buyer (the first payment taken).
    func subscribe(plan: String, customID: String = "paula") async throws -> String {
        let created = try await call("POST", "/v1/billing/subscriptions", ["plan_id": plan, "custom_id": customID])
        let id = try #require(created.body["id"] as? String)
        try await simulator.approve(id)
        await simulator.deliverDue()
        return id
    }

    /// Moves the clock, then bills and delivers what fell due.
    func advance(days: Int) async {
        clock.advance(days: days)
        await simulator.tick()
    }
}
