import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialPayPalAdapter
import PerennialServices
import PerennialTesting
import Testing

/// The PayPal adapter refuses deliveries PayPal did not sign for the app before anything is stored, asks
/// PayPal when its certificate cannot be had, and reads the subscription an event names back from the API.
@Suite struct PayPalAdapterTests {
    typealias F = PayPalFixtures
    static let authority = PayPalTestAuthority.shared
    static let now = F.instant(day: 10)
    static let app = AppSettings(id: "forest", bundleID: "com.example.forest", catalog: Catalog(products: []), publicAPIKey: "pk", secretAPIKey: "sk")
    static let body = Data(#"{"id":"WH-7","event_type":"BILLING.SUBSCRIPTION.ACTIVATED","resource_type":"subscription","resource":{"id":"I-BW452GLLEP1G"}}"#.utf8)
    static let token = (status: 200, body: #"{"access_token":"A21AAF","token_type":"Bearer","expires_in":32400}"#)

    static func adapter(_ transport: RecordingPayPal) -> PayPalAdapter {
        let settings = PayPalSettings(
            credentials: PayPalCredentials(clientID: "client-1", secret: "secret-1"), webhookID: PayPalWebhookVerifierTests.webhookID,
            isLive: false, trustedRoots: [authority.root])
        let client = PayPalAPIClient(
            credentials: settings.credentials, baseURL: settings.apiBaseURL, transport: transport, retryPolicy: RetryPolicy(attempts: 1),
            clock: FixedClock(now), sleep: { _ in })
        return PayPalAdapter(
            connections: ["forest": PayPalConnection(settings: settings, client: client)], transport: transport, ledger: nil, clock: FixedClock(now))
    }

    static func request(_ transmission: PayPalTransmission, body: Data = body) -> NotificationRequest {
        NotificationRequest(headers: [
            "PAYPAL-TRANSMISSION-ID": transmission.id, "PAYPAL-TRANSMISSION-TIME": transmission.time,
            "PAYPAL-TRANSMISSION-SIG": Data(transmission.signature).base64EncodedString(), "PAYPAL-CERT-URL": transmission.certificateURL,
            "PAYPAL-AUTH-ALGO": transmission.algorithm,
        ], body: body)
    }

    static func signed(body: Data = body) throws -> PayPalTransmission {
        try authority.transmission(body: body, webhookID: PayPalWebhookVerifierTests.webhookID, time: now.iso8601)
    }

    static func refusal(_ adapter: PayPalAdapter, _ request: NotificationRequest, app: AppSettings = app) async -> String? {
        do {
            try await adapter.authenticateNotification(request, app: app)
            return nil
        } catch {
            return PerennialError.code(of: error)
        }
    }

    @Test func aSignedDeliveryIsAcceptedWithTheCertificateFetchedOnce() async throws {
        let transport = RecordingPayPal([(200, Self.authority.chainPEM)])
        let adapter = Self.adapter(transport)
        #expect(await Self.refusal(adapter, Self.request(try Self.signed())) == nil)
        #expect(await Self.refusal(adapter, Self.request(try Self.signed())) == nil)
        #expect(await transport.requests.map(\.url) == ["https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42"])
    }

    @Test func forgedUnsignedAndForeignDeliveriesAreRefused() async throws {
        let transport = RecordingPayPal([(200, Self.authority.chainPEM)])
        let adapter = Self.adapter(transport)
        var forged = try Self.signed()
        forged.signature[10] ^= 0xFF
        #expect(await Self.refusal(adapter, Self.request(forged)) == "notification_unauthenticated")
        #expect(await Self.refusal(adapter, Self.request(try Self.signed(), body: Data(#"{"id":"WH-8"}"#.utf8))) == "notification_unauthenticated")
        #expect(await Self.refusal(adapter, NotificationRequest(body: Self.body)) == "notification_unauthenticated")
        var elsewhere = try Self.signed()
        elsewhere.certificateURL = "https://evil.example/v1/notifications/certs/CERT-1"
        #expect(await Self.refusal(adapter, Self.request(elsewhere)) == "notification_unauthenticated")
        #expect(await transport.requests.allSatisfy { $0.url.hasPrefix("https://api.sandbox.paypal.com/") }, "nothing fetched from elsewhere")
        var other = Self.app
        other.id = "grove"
        #expect(await Self.refusal(adapter, Self.request(try Self.signed()), app: other) == "paypal_not_configured")
    }

    @Test func withoutItsCertificatePayPalDecides() async throws {
        let verified = RecordingPayPal([(404, ""), Self.token, (200, #"{"verification_status":"SUCCESS"}"#)])
        #expect(await Self.refusal(Self.adapter(verified), Self.request(try Self.signed())) == nil)
        #expect(await verified.requests.last?.url == "https://api-m.sandbox.paypal.com/v1/notifications/verify-webhook-signature")
        let refused = RecordingPayPal([(404, ""), Self.token, (200, #"{"verification_status":"FAILURE"}"#)])
        #expect(await Self.refusal(Self.adapter(refused), Self.request(try Self.signed())) == "notification_unauthenticated")
        let down = RecordingPayPal([(404, ""), Self.token, (503, "")])
        #expect(await Self.refusal(Self.adapter(down), Self.request(try Self.signed())) == "store_unavailable", "kept unstored; PayPal delivers again")
    }

    @Test func anEventIsReadBackFromTheAPI() async throws {
        let subscription = #"{"id":"I-BW452GLLEP1G","plan_id":"P-5ML4271244454362WXNWU5NQ","status":"ACTIVE","start_time":"2026-03-01T00:00:00Z","custom_id":"rita","billing_info":{"outstanding_balance":{"currency_code":"USD","value":"0.00"},"failed_payments_count":0,"next_billing_time":"2026-04-01T00:00:00Z"}}"#
        let plan = #"{"id":"P-5ML4271244454362WXNWU5NQ","product_id":"PROD-1","status":"ACTIVE","billing_cycles":[{"frequency":{"interval_unit":"MONTH","interval_count":1},"tenure_type":"REGULAR","sequence":1,"total_cycles":0,"pricing_scheme":{"fixed_price":{"currency_code":"USD","value":"9.99"}}}]}"#
        let payments = #"{"transactions":[{"id":"S-1","status":"COMPLETED","amount_with_breakdown":{"gross_amount":{"currency_code":"USD","value":"9.99"}},"time":"2026-03-01T00:00:05Z"}]}"#
        let transport = RecordingPayPal([Self.token, (200, subscription), (200, plan), (200, payments)])
        let verified = try await Self.adapter(transport).verifyNotification(Self.body, app: Self.app)
        #expect(verified.notificationUUID == "WH-7" && verified.notificationType == "BILLING.SUBSCRIPTION.ACTIVATED")
        #expect(verified.facts.transactions.map(\.transactionID) == ["S-1"])
        #expect(verified.facts.ownerClaims.map(\.appUserID) == ["rita"])
        #expect(verified.facts.renewalInfos.first?.willAutoRenew == true)
    }

    @Test func eventsAboutAnythingElseGiveNoFacts() async throws {
        let transport = RecordingPayPal([])
        let body = Data(#"{"id":"WH-9","event_type":"BILLING.PLAN.CREATED","resource":{"id":"P-1"}}"#.utf8)
        #expect(try await Self.adapter(transport).verifyNotification(body, app: Self.app).facts == FactBatch())
        #expect(throws: PerennialError.self) { try Self.adapter(transport).notificationFormatVersion(of: Data("[]".utf8)) }
    }
}
