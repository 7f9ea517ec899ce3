import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialPayPal
import PerennialPayPalAdapter
import PerennialServices
import PerennialTesting
import Testing

/// A PayPal subscription over real HTTP and the database: signed webhooks move the customer's entitlement
/// through purchase, failed payment, recovery and refund, each read back from PayPal's API; forged, stale
/// and unsigned deliveries are refused and change nothing.
@Suite struct PayPalLifecycleTests {
    static let webhookID = "8PT597110X687430LKGECATA"
    static let plan = #"{"id":"P-1","product_id":"PROD-1","status":"ACTIVE","billing_cycles":[{"frequency":{"interval_unit":"MONTH","interval_count":1},"tenure_type":"REGULAR","sequence":1,"total_cycles":0,"pricing_scheme":{"fixed_price":{"currency_code":"USD","value":"9.99"}}}]}"#

    static func subscription(start: Instant, failedPayments: Int = 0, owing: String = "0.00") -> String {
        #"{"id":"I-1","plan_id":"P-1","status":"ACTIVE","start_time":"\#(start.iso8601)","custom_id":"paula","billing_info":{"outstanding_balance":{"currency_code":"USD","value":"\#(owing)"},"failed_payments_count":\#(failedPayments)}}"#
    }

    static func payment(_ id: String, at time: Instant, status: String = "COMPLETED") -> String {
        #"{"id":"\#(id)","status":"\#(status)","amount_with_breakdown":{"gross_amount":{"currency_code":"USD","value":"9.99"}},"time":"\#(time.iso8601)"}"#
    }

    static func event(_ id: String, _ type: String, _ resource: String, at time: Instant) -> Data {
        Data(#"{"id":"\#(id)","event_type":"\#(type)","create_time":"\#(time.iso8601)","resource":\#(resource)}"#.utf8)
    }

    static func configure(_ app: inout AppSettings) {
        app.catalog = Catalog(products: app.catalog.products + [Product(id: "P-1", type: .autoRenewable, entitlements: ["pro"], store: .payPal)])
        app.storeSettings[.payPal] = PayPalSettings(
            credentials: PayPalCredentials(clientID: "client-1", secret: "secret-1"), webhookID: webhookID, isLive: false,
            apiBaseURL: FakePayPal.host, certificateURLs: PayPalCertificateURLRule(hosts: ["paypal.test"]),
            trustedRoots: [PayPalTestAuthority.shared.root])
    }

    /// Posts a delivery signed at `sentAt` (nil: unsigned); the status.
    static func post(_ body: Data, _ harness: TestHarness, sentAt: Instant?, forged: Bool = false) async throws -> Int {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let sentAt {
            var transmission = try PayPalTestAuthority.shared.transmission(
                body: body, webhookID: webhookID, time: sentAt.iso8601, certificateURL: FakePayPal.certificateURL)
            if forged { transmission.signature[0] ^= 0x01 }
            for (name, value) in [
                ("PAYPAL-TRANSMISSION-ID", transmission.id), ("PAYPAL-TRANSMISSION-TIME", transmission.time),
                ("PAYPAL-TRANSMISSION-SIG", Data(transmission.signature).base64EncodedString()),
                ("PAYPAL-CERT-URL", transmission.certificateURL), ("PAYPAL-AUTH-ALGO", transmission.algorithm),
            ] {
                if let field = HTTPField.Name(name) { headers[field] = value }
            }
        }
        return try await harness.client.execute(uri: "/v1/paypal/webhooks/forest", method: .post, headers: headers, body: ByteBuffer(bytes: body)) {
            Int($0.status.code)
        }
    }

    static func entitlements(_ harness: TestHarness) async throws -> [String] {
        try await harness.customer("paula").body["entitlements"].array.compactMap { $0["identifier"].string }
    }

    @Test func aSubscriptionLivesThroughItsWebhooks() async throws {
        let payPal = FakePayPal()
        await payPal.set(plan: Self.plan)
        try await TestHarness.run(configureApp: { Self.configure(&$0) }, payPal: payPal) { harness in
            let start = harness.clock.now()
            await payPal.set(subscription: Self.subscription(start: start), payments: [Self.payment("S-1", at: start)])
            let activated = Self.event("WH-1", "BILLING.SUBSCRIPTION.ACTIVATED", #"{"id":"I-1"}"#, at: start)
            let first = try await Self.post(activated, harness, sentAt: start)
            #expect(first == 200)
            #expect(try await Self.entitlements(harness) == ["pro"])
            #expect(try await harness.customer("paula").body["entitlements"][0]["store"].string == "paypal")

            // Forged, stale and unsigned deliveries are refused before anything is stored.
            let cancelled = Self.event("WH-2", "BILLING.SUBSCRIPTION.CANCELLED", #"{"id":"I-1"}"#, at: start)
            #expect(try await Self.post(cancelled, harness, sentAt: start, forged: true) == 401)
            #expect(try await Self.post(cancelled, harness, sentAt: start.adding(milliseconds: -4 * 86_400_000)) == 401)
            #expect(try await Self.post(cancelled, harness, sentAt: nil) == 401)
            // The same delivery again changes nothing.
            #expect(try await Self.post(activated, harness, sentAt: start) == 200)
            #expect(try await Self.entitlements(harness) == ["pro"])

            // A month on, the renewal fails: PayPal still says ACTIVE, but the money is owed.
            _ = await harness.simulator.advanceClock(by: .seconds(32 * 86_400))
            let failedAt = harness.clock.now()
            await payPal.set(subscription: Self.subscription(start: start, failedPayments: 1, owing: "9.99"), payments: [Self.payment("S-1", at: start)])
            let failed = Self.event("WH-3", "BILLING.SUBSCRIPTION.PAYMENT.FAILED", #"{"id":"I-1"}"#, at: failedAt)
            #expect(try await Self.post(failed, harness, sentAt: failedAt) == 200)
            #expect(try await Self.entitlements(harness).isEmpty, "billing retry: not entitled past what was paid")

            // PayPal collects on a retry: entitled again.
            await payPal.set(subscription: Self.subscription(start: start), payments: [Self.payment("S-1", at: start), Self.payment("S-2", at: failedAt)])
            let paid = Self.event("WH-4", "PAYMENT.SALE.COMPLETED", #"{"id":"S-2","billing_agreement_id":"I-1"}"#, at: failedAt)
            #expect(try await Self.post(paid, harness, sentAt: failedAt) == 200)
            #expect(try await Self.entitlements(harness) == ["pro"])

            // The payment is refunded; the refund names the sale, not the subscription.
            await payPal.set(subscription: Self.subscription(start: start), payments: [
                Self.payment("S-1", at: start), Self.payment("S-2", at: failedAt, status: "REFUNDED"),
            ])
            let refunded = Self.event("WH-5", "PAYMENT.SALE.REFUNDED", #"{"id":"R-1","sale_id":"S-2"}"#, at: failedAt)
            #expect(try await Self.post(refunded, harness, sentAt: failedAt) == 200)
            #expect(try await Self.entitlements(harness).isEmpty)
        }
    }

    @Test func aCustomerPayingOnTheAppStoreAndOnPayPalIsOneCustomer() async throws {
        let payPal = FakePayPal()
        await payPal.set(plan: Self.plan)
        try await TestHarness.run(configureApp: { Self.configure(&$0) }, payPal: payPal) { harness in
            let purchase = try await harness.simulator.purchase(account: "paula-ios", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            let receipt = try await harness.postReceipt(purchase.receiptData, appUserID: "paula")
            #expect(receipt.status == 200)
            let start = harness.clock.now()
            await payPal.set(subscription: Self.subscription(start: start), payments: [Self.payment("S-1", at: start)])
            let status = try await Self.post(Self.event("WH-1", "BILLING.SUBSCRIPTION.ACTIVATED", #"{"id":"I-1"}"#, at: start), harness, sentAt: start)
            #expect(status == 200)
            let customer = try await harness.customer("paula").body
            #expect(Set(customer["subscriptions"].array.compactMap { $0["store"].string }) == ["app_store", "paypal"])
        }
    }
}
