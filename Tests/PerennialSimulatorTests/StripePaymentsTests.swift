import Foundation
import PerennialSimulator
import Testing

/// Refunds, disputes, and finding the invoice a charge paid.
@Suite struct StripePaymentsTests {
    /// A paid subscription: (subscription, invoice, charge).
    func paid(_ fixture: StripeFixture) async throws -> (String, String, String) {
        let price = try await fixture.monthlyPrice(1_200)
        let customer = try #require(try await fixture.ok("POST", "/v1/customers", [("email", "bo@example.com")])["id"]?.string)
        let subscription = try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])
        let invoiceID = try #require(subscription["latest_invoice"]?.string)
        let charges = try await fixture.ok("GET", "/v1/charges", [("customer", customer)])
        let chargeID = try #require(charges["data"]?.array?.first?["id"]?.string)
        return (try #require(subscription["id"]?.string), invoiceID, chargeID)
    }

    @Test func refundsPartlyThenFully() async throws {
        let fixture = await StripeFixture()
        let (_, invoiceID, chargeID) = try await paid(fixture)
        let partial = try await fixture.ok("POST", "/v1/refunds", [("charge", chargeID), ("amount", "200")])
        #expect(partial["amount"]?.int == 200)
        #expect(partial["status"]?.string == "succeeded")
        var charge = try await fixture.ok("GET", "/v1/charges/\(chargeID)")
        #expect(charge["amount_refunded"]?.int == 200)
        #expect(charge["refunded"]?.bool == false)
        let rest = try await fixture.ok("POST", "/v1/refunds", [("charge", chargeID)])
        #expect(rest["amount"]?.int == 1_000)
        charge = try await fixture.ok("GET", "/v1/charges/\(chargeID)")
        #expect(charge["refunded"]?.bool == true)
        let again = await fixture.call("POST", "/v1/refunds", [("charge", chargeID)])
        #expect(again.status == 400)
        #expect(again.json["error"]?["code"]?.string == "charge_already_refunded")
        let intent = try #require(charge["payment_intent"]?.string)
        let payments = try await fixture.ok("GET", "/v1/invoice_payments", [("payment[type]", "payment_intent"), ("payment[payment_intent]", intent)])
        #expect(payments["data"]?.array?.first?["invoice"]?.string == invoiceID)
        let byCharge = try await fixture.ok("GET", "/v1/invoice_payments", [("payment[type]", "charge"), ("payment[charge]", chargeID)])
        #expect(byCharge["data"]?.array?.first?["invoice"]?.string == invoiceID)
        let types = await fixture.eventTypes()
        #expect(types.filter { $0 == "charge.refunded" }.count == 2)
        let refunded = try #require(await fixture.stripe.recordedEvents().last { $0.type == "charge.refunded" })
        #expect(refunded.previousAttributes?["refunded"]?.bool == false)
    }

    @Test func lostDisputeCanCancelTheSubscription() async throws {
        let fixture = await StripeFixture()
        let (subscriptionID, _, chargeID) = try await paid(fixture)
        let dispute = try await fixture.stripe.openDispute(charge: chargeID, reason: "fraudulent")
        let disputeID = try #require(dispute["id"]?.string)
        #expect(dispute["status"]?.string == "needs_response")
        #expect(try await fixture.ok("GET", "/v1/charges/\(chargeID)")["disputed"]?.bool == true)
        let closed = try await fixture.stripe.closeDispute(disputeID, won: false, cancelSubscription: true)
        #expect(closed["status"]?.string == "lost")
        let subscription = try await fixture.ok("GET", "/v1/subscriptions/\(subscriptionID)")
        #expect(subscription["status"]?.string == "canceled")
        #expect(subscription["cancellation_details"]?["reason"]?.string == "payment_disputed")
        let listed = try await fixture.ok("GET", "/v1/disputes", [("charge", chargeID)])
        #expect(listed["data"]?.array?.first?["status"]?.string == "lost")
        let types = await fixture.eventTypes()
        #expect(types.contains("charge.dispute.created"))
        #expect(types.contains("charge.dispute.closed"))
    }

    @Test func payingAnOpenInvoiceRecovers() async throws {
        let fixture = await StripeFixture()
        let price = try await fixture.monthlyPrice(700)
        let customer = try #require(try await fixture.ok("POST", "/v1/customers")["id"]?.string)
        try await fixture.stripe.setCardOutcome(customer: customer, .fail)
        let subscription = try await fixture.ok("POST", "/v1/subscriptions", [("customer", customer), ("items[0][price]", price)])
        #expect(subscription["status"]?.string == "incomplete")
        let invoiceID = try #require(subscription["latest_invoice"]?.string)
        let declined = await fixture.call("POST", "/v1/invoices/\(invoiceID)/pay")
        #expect(declined.status == 402)
        try await fixture.stripe.setCardOutcome(customer: customer, .succeed)
        let paid = try await fixture.ok("POST", "/v1/invoices/\(invoiceID)/pay")
        #expect(paid["status"]?.string == "paid")
        let id = try #require(subscription["id"]?.string)
        #expect(try await fixture.ok("GET", "/v1/subscriptions/\(id)")["status"]?.string == "active")
    }
}
