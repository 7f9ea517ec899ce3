import Foundation
import PerennialCore
import PerennialPayPal
import Testing

/// What a webhook event is about, and PayPal's amounts.
@Suite struct PayPalEventTests {
    static func event(_ type: String, _ resource: String, created: String = "2026-03-04T10:00:00Z") -> PayPalWebhookEvent? {
        PayPalWebhookEvent.read(Data(#"{"id":"WH-1","event_type":"\#(type)","resource_type":"x","create_time":"\#(created)","resource":\#(resource)}"#.utf8))
    }

    @Test func eachEventNamesItsSubject() {
        #expect(Self.event("BILLING.SUBSCRIPTION.ACTIVATED", #"{"id":"I-1","custom_id":"rita"}"#)?.target == .subscription(id: "I-1"))
        #expect(Self.event("BILLING.SUBSCRIPTION.PAYMENT.FAILED", #"{"id":"I-1"}"#)?.target == .subscription(id: "I-1"))
        #expect(Self.event("PAYMENT.SALE.COMPLETED", #"{"id":"S-1","billing_agreement_id":"I-1"}"#)?.target == .subscription(id: "I-1"))
        #expect(Self.event("PAYMENT.SALE.REFUNDED", #"{"id":"R-1","sale_id":"S-1"}"#)?.target == .sale(id: "S-1"))
        #expect(Self.event("PAYMENT.SALE.REVERSED", #"{"id":"S-1"}"#)?.target == .sale(id: "S-1"))
        #expect(Self.event("BILLING.PLAN.CREATED", #"{"id":"P-1"}"#)?.target == .ignored)
        #expect(Self.event("CHECKOUT.ORDER.APPROVED", #"{"id":"O-1"}"#)?.target == .ignored)
    }

    @Test func aRefundNamesTheSaleAndWhen() throws {
        let refund = try #require(Self.event("PAYMENT.SALE.REFUNDED", #"{"id":"R-1","sale_id":"S-1"}"#)?.refund)
        #expect(refund.saleID == "S-1" && refund.at == PayPalTime.instant("2026-03-04T10:00:00Z"))
        #expect(Self.event("PAYMENT.SALE.COMPLETED", #"{"id":"S-1","billing_agreement_id":"I-1"}"#)?.refund == nil)
    }

    @Test(arguments: ["", "[]", "{}", #"{"id":"WH-1"}"#, #"{"id":"WH-1","event_type":"X","resource":[]}"#, "not json"])
    func whatIsNotAnEventIsRefused(body: String) {
        #expect(PayPalWebhookEvent.read(Data(body.utf8)) == nil)
    }

    @Test(arguments: [
        ("9.99", "USD", Int64?.some(999)), ("10", "USD", 1_000), ("100", "JPY", 100), ("0.5", "USD", 50),
        ("1.234", "USD", nil), ("-1.00", "USD", nil), ("1e3", "USD", nil), (".5", "USD", nil), ("5.", "USD", nil), ("1.5", "JPY", nil),
        ("9.99", "US", nil), ("99999999999999999999", "USD", nil),
    ])
    func amounts(value: String, currency: String, minorUnits: Int64?) {
        #expect(PayPalMoney(currencyCode: currency, value: value).money?.minorUnits == minorUnits)
    }
}
