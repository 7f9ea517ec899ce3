import Foundation
import PerennialSimulator
import Testing

/// Pausing: the pause and resume endpoints (status `paused`), and `pause_collection` (invoices not
/// collected until `resumes_at`).
@Suite struct StripePauseTests {
    static let day: Int64 = 86_400
    let t0 = StripeFixture.start

    @Test func pausedSubscriptionBillsNothingUntilResumed() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice(500)
        let (clock, customer) = try await fixture.clockedCustomer()
        let id = try #require(try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])["id"]?.string)
        let paused = try await fixture.ok("POST", "/v1/subscriptions/\(id)/pause", [("type", "subscription")])
        #expect(paused["status"]?.string == "paused")
        try await fixture.advance(clock, to: t0 + 70 * Self.day)
        #expect(try await fixture.ok("GET", "/v1/invoices", [("subscription", id)])["data"]?.array?.count == 1)
        let resumed = try await fixture.ok("POST", "/v1/subscriptions/\(id)/resume", [("expand[]", "latest_invoice")])
        #expect(resumed["status"]?.string == "active")
        #expect(resumed["items"]?["data"]?.array?.first?["current_period_start"]?.int == t0 + 70 * Self.day)
        #expect(resumed["latest_invoice"]?["status"]?.string == "paid")
        #expect(resumed["latest_invoice"]?["amount_paid"]?.int == 500)
        let types = await fixture.eventTypes()
        #expect(types.contains("customer.subscription.paused"))
        #expect(types.contains("customer.subscription.resumed"))
        let unpaused = await fixture.call("POST", "/v1/subscriptions/\(id)/resume")
        #expect(unpaused.status == 400)
    }

    @Test func pauseCollectionVoidsInvoicesUntilItResumes() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice(500)
        let (clock, customer) = try await fixture.clockedCustomer()
        let id = try #require(try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])["id"]?.string)
        let resumesAt = t0 + 45 * Self.day
        let updated = try await fixture.ok("POST", "/v1/subscriptions/\(id)", [
            ("pause_collection[behavior]", "void"), ("pause_collection[resumes_at]", "\(resumesAt)"),
        ])
        #expect(updated["pause_collection"]?["behavior"]?.string == "void")
        try await fixture.advance(clock, to: t0 + 32 * Self.day)
        var subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["status"]?.string == "active")
        #expect(subscription["latest_invoice"]?["status"]?.string == "void")
        try await fixture.advance(clock, to: resumesAt + 1)
        subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)")
        #expect(subscription["pause_collection"]?.isNull == true)
        try await fixture.advance(clock, to: t0 + 60 * Self.day)
        subscription = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(subscription["latest_invoice"]?["status"]?.string == "paid")
    }

    @Test func priceChangeIsBilledFromTheNextPeriod() async throws {
        let fixture = await StripeFixture()
        let basic = try await fixture.monthlyPrice(500)
        let pro = try await fixture.monthlyPrice(1_500)
        let (clock, customer) = try await fixture.clockedCustomer()
        let id = try #require(try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", basic)])["id"]?.string)
        let changed = try await fixture.ok("POST", "/v1/subscriptions/\(id)", [("items[0][price]", pro)])
        #expect(changed["items"]?["data"]?.array?.first?["price"]?["id"]?.string == pro)
        try await fixture.advance(clock, to: t0 + 31 * Self.day + 1)
        let renewed = try await fixture.ok("GET", "/v1/subscriptions/\(id)", [("expand[]", "latest_invoice")])
        #expect(renewed["latest_invoice"]?["amount_paid"]?.int == 1_500)
        let listed = try await fixture.ok("GET", "/v1/subscriptions", [("price", pro)])
        #expect(listed["data"]?.array?.count == 1)
    }
}
