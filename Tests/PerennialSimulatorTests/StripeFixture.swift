import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// A Stripe simulator on a manual clock (2026-01-01T00:00:00Z), called the way Stripe's libraries call it.
struct StripeFixture {
    static let start: Int64 = 1_767_225_600
    static let key = "sk_test_fixture"

    let clock = SimulatorClock(start: Instant(milliseconds: start * 1000), rate: 0)
    let stripe: StripeSimulator
    let sender = StripeRecordingSender()

    init(failedPaymentAction: StripeSimulatedFailedPaymentAction = .cancel) async {
        stripe = StripeSimulator(secretKey: Self.key, clock: clock, failedPaymentAction: failedPaymentAction)
        await stripe.setWebhookSender(sender)
    }

    /// One API call; `pairs` in bracket notation.
    @discardableResult
    func call(_ method: String, _ path: String, _ pairs: [(String, String)] = [], idempotencyKey: String? = nil) async -> StripeSimulatedResponse {
        await stripe.handle(StripeSimulatedRequest(
            method: method, path: path, params: StripeSimulatedParams(pairs: pairs), authorization: "Bearer \(Self.key)",
            idempotencyKey: idempotencyKey
        ))
    }

    /// A call that must answer 200; its JSON.
    func ok(_ method: String, _ path: String, _ pairs: [(String, String)] = []) async throws -> StripeSimulatedJSON {
        let response = await call(method, path, pairs)
        try #require(response.status == 200, "\(method) \(path): \(String(decoding: response.body, as: UTF8.self))")
        return response.json
    }

    /// A monthly price of `amount` cents; its id.
    func monthlyPrice(_ amount: Int64 = 999, interval: String = "month") async throws -> String {
        let product = try await ok("POST", "/v1/products", [("name", "Pro")])
        let price = try await ok("POST", "/v1/prices", [
            ("product", product["id"]?.string ?? ""), ("currency", "usd"), ("unit_amount", "\(amount)"),
            ("recurring[interval]", interval),
        ])
        return try #require(price["id"]?.string)
    }

    /// A test clock at `frozen` and a customer on it; (clock, customer).
    func clockedCustomer(frozen: Int64 = start) async throws -> (clock: String, customer: String) {
        let clock = try await ok("POST", "/v1/test_helpers/test_clocks", [("frozen_time", "\(frozen)")])
        let clockID = try #require(clock["id"]?.string)
        let customer = try await ok("POST", "/v1/customers", [("email", "ann@example.com"), ("test_clock", clockID)])
        return (clockID, try #require(customer["id"]?.string))
    }

    /// Advances a test clock to `time`; the clock's JSON.
    @discardableResult
    func advance(_ clock: String, to time: Int64) async throws -> StripeSimulatedJSON {
        try await ok("POST", "/v1/test_helpers/test_clocks/\(clock)/advance", [("frozen_time", "\(time)")])
    }

    /// The types of the events so far, oldest first.
    func eventTypes() async -> [String] {
        await stripe.recordedEvents().map(\.type)
    }
}
