import Foundation
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialStripe
@testable import PerennialStripeAdapter
import Testing

@Suite("Stripe adapter: webhooks are authenticated, and their facts come from the API")
struct StripeAdapterTests {
    typealias F = StripeFixtures
    static let app = AppSettings(id: "forest", bundleID: "com.example.forest", catalog: Catalog(products: []), publicAPIKey: "pk", secretAPIKey: "sk")
    static let secret = "whsec_forest"
    static let now = F.instant(day: 40)

    func adapter(_ stripe: ScriptedStripe) -> StripeAdapter {
        let settings = StripeSettings(secretKey: StripeSecretKey("sk_test_forest"), webhookSecrets: [Self.secret])
        let client = StripeAPIClient(secretKey: settings.secretKey, baseURL: "https://stripe.test", transport: stripe, sleep: { _ in })
        return StripeAdapter(connections: StripeConnections(["forest": StripeAppConnection(settings: settings, client: client)]), ledger: nil, clock: FixedClock(Self.now))
    }

    /// An event whose copy of the subscription says it is active, paid until day 60.
    static let lyingEvent = Data(#"""
    {"id":"evt_1","object":"event","type":"customer.subscription.updated","created":1790000000,"livemode":false,
     "api_version":"2026-10-28.endive","data":{"object":{"id":"sub_test1","object":"subscription","status":"active",
     "items":{"object":"list","data":[{"id":"si_1","current_period_start":1792592000,"current_period_end":1795184000}]}}}}
    """#.utf8)

    /// The API's truth: canceled by the customer at day 30, one month paid.
    func scriptCanceledSubscription(_ stripe: ScriptedStripe) async {
        await stripe.answer("GET /v1/subscriptions/sub_test1", json: #"""
        {"id":"sub_test1","object":"subscription","status":"canceled","customer":"cus_1","livemode":false,
         "cancel_at_period_end":true,"ended_at":\#(F.day(30)),"cancellation_details":{"reason":"cancellation_requested"},
         "metadata":{"app_user_id":"user-1"},
         "items":{"object":"list","has_more":false,"data":[{"id":"si_1","price":{"id":"price_monthly","currency":"usd","unit_amount":999},
           "current_period_start":\#(F.day(0)),"current_period_end":\#(F.day(30))}]}}
        """#)
        await stripe.answer("GET /v1/invoices", json: #"""
        {"object":"list","has_more":false,"data":[{"id":"in_1","object":"invoice","status":"paid","currency":"usd","total":999,
         "amount_paid":999,"created":\#(F.day(0)),"status_transitions":{"paid_at":\#(F.day(0))},
         "parent":{"type":"subscription_details","subscription_details":{"subscription":"sub_test1"}},
         "lines":{"object":"list","has_more":false,"data":[{"id":"il_1","amount":999,"currency":"usd",
           "period":{"start":\#(F.day(0)),"end":\#(F.day(30))},
           "parent":{"type":"subscription_item_details","subscription_item_details":{"subscription":"sub_test1","subscription_item":"si_1","proration":false}},
           "pricing":{"type":"price_details","price_details":{"price":"price_monthly","product":"prod_1"}}}]}}]}
        """#)
        await stripe.answer("GET /v1/invoice_payments", json: #"""
        {"object":"list","has_more":false,"data":[{"id":"inpay_1","invoice":"in_1","status":"paid",
         "payment":{"type":"payment_intent","payment_intent":{"id":"pi_1","latest_charge":"ch_1"}}}]}
        """#)
        await stripe.answer("GET /v1/charges/ch_1", json: #"{"id":"ch_1","amount":999,"refunded":false,"disputed":false,"payment_intent":"pi_1","refunds":{"object":"list","data":[],"has_more":false}}"#)
    }

    @Test func anEventClaimingActiveGrantsNothingTheAPIDenies() async throws {
        let stripe = ScriptedStripe()
        await scriptCanceledSubscription(stripe)
        let verified = try await adapter(stripe).verifyNotification(Self.lyingEvent, app: Self.app)
        #expect(verified.notificationUUID == "evt_1")
        #expect(verified.notificationType == "customer.subscription.updated")
        let facts = verified.facts
        #expect(facts.transactions.map(\.transactionID) == ["in_1"])
        #expect(facts.transactions.first?.expiresAt == F.instant(day: 30))
        #expect(facts.renewalInfos.first?.willAutoRenew == false)
        #expect(facts.ownerClaims.map(\.appUserID) == ["user-1"])
        let state = try #require(SubscriptionEngine().state(transactions: facts.transactions, renewalInfos: facts.renewalInfos, at: Self.now))
        #expect(state.status == .expired)
        #expect(state.expirationReason == .voluntary)
        #expect(!state.grantsAccess)
    }

    @Test func anInvoiceEventLeadsToItsSubscription() async throws {
        let stripe = ScriptedStripe()
        await scriptCanceledSubscription(stripe)
        await stripe.answer("GET /v1/invoices/in_1", json: #"{"id":"in_1","status":"paid","parent":{"subscription_details":{"subscription":"sub_test1"}}}"#)
        let body = Data(#"{"id":"evt_2","object":"event","type":"invoice.paid","data":{"object":{"id":"in_1","object":"invoice"}}}"#.utf8)
        let facts = try await adapter(stripe).verifyNotification(body, app: Self.app).facts
        #expect(facts.subscriptionKeys == [SubscriptionKey(store: .stripe, id: "sub_test1")])
    }

    @Test func anUnsupportedEventHasNoFacts() async throws {
        let stripe = ScriptedStripe()
        let body = Data(#"{"id":"evt_3","object":"event","type":"product.created","data":{"object":{"id":"prod_1","object":"product"}}}"#.utf8)
        let verified = try await adapter(stripe).verifyNotification(body, app: Self.app)
        #expect(verified.facts == FactBatch())
        #expect(await stripe.requests.isEmpty)
    }

    @Test func anOutageIsUnavailable() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("GET /v1/subscriptions/sub_test1", HTTPTransportResponse(status: 503))
        do {
            _ = try await adapter(stripe).verifyNotification(Self.lyingEvent, app: Self.app)
            Issue.record("no error")
        } catch let error as PerennialError {
            #expect(error.kind == .unavailable)
        }
    }

    @Test func aSignedWebhookIsAuthenticated() async throws {
        let header = StripeWebhookSignature.header(payload: Array(Self.lyingEvent), secret: Self.secret, timestamp: Self.now.milliseconds / 1000)
        let request = NotificationRequest(headers: ["Stripe-Signature": header], body: Self.lyingEvent)
        try await adapter(ScriptedStripe()).authenticateNotification(request, app: Self.app)
    }

    @Test func anUnsignedWebhookIsRefusedBeforeAnythingIsStored() async throws {
        let forged = StripeWebhookSignature.header(payload: Array(Self.lyingEvent), secret: "whsec_attacker", timestamp: Self.now.milliseconds / 1000)
        for headers in [[:], ["Stripe-Signature": forged]] {
            let request = NotificationRequest(headers: headers, body: Self.lyingEvent)
            do {
                try await adapter(ScriptedStripe()).authenticateNotification(request, app: Self.app)
                Issue.record("accepted")
            } catch let error as PerennialError {
                #expect(error.errorCode == .notificationUnauthenticated)
                #expect(!error.message.contains(forged))
            }
        }
    }

    @Test func onlyStripeEventsAreNotifications() throws {
        let adapter = adapter(ScriptedStripe())
        #expect(try adapter.notificationFormatVersion(of: Self.lyingEvent) == 1)
        #expect(throws: PerennialError.self) { try adapter.notificationFormatVersion(of: Data(#"{"id":"x","object":"charge"}"#.utf8)) }
        #expect(throws: PerennialError.self) { try adapter.notificationFormatVersion(of: Data("not json".utf8)) }
        #expect(adapter.notificationPath == "stripe/webhooks")
    }
}
