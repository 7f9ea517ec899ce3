import Foundation
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialSquare
import PerennialSquareAdapter
import PerennialTesting
import Testing

/// The Square adapter refuses deliveries Square did not sign for the app before anything is stored, and
/// reads the subscription an event names back from the API: the subscription with its actions, its plan
/// variation, its invoices and its customer.
@Suite struct SquareAdapterTests {
    typealias F = SquareFixtures
    static let now = SquareWebhookTests.now
    static let app = AppSettings(id: "forest", bundleID: "com.example.forest", catalog: Catalog(products: []), publicAPIKey: "pk", secretAPIKey: "sk")

    static func adapter(_ square: FakeSquare) -> SquareAdapter {
        let settings = SquareSettings(
            accessToken: "EAAA-token", signatureKeys: [SquareWebhookTests.key], notificationURL: SquareWebhookTests.url, isProduction: false)
        let client = SquareAPIClient(
            accessToken: settings.accessToken, baseURL: settings.apiBaseURL, transport: square, retryPolicy: RetryPolicy(attempts: 2), sleep: { _ in })
        return SquareAdapter(connections: ["forest": SquareConnection(settings: settings, client: client)], ledger: nil, clock: FixedClock(now))
    }

    static func request(_ body: Data, signature: String? = nil) -> NotificationRequest {
        NotificationRequest(
            headers: ["x-square-hmacsha256-signature": signature ?? SquareWebhookVerifier.signature(body: body, notificationURL: SquareWebhookTests.url, key: SquareWebhookTests.key)],
            body: body)
    }

    static func failure(_ work: () async throws -> Void) async -> String? {
        do {
            try await work()
            return nil
        } catch {
            return PerennialError.code(of: error)
        }
    }

    static func fill(_ square: FakeSquare, invoiceStatus: String = "PAID") {
        square.answer("/v2/subscriptions/\(F.subscriptionID)", #"{"subscription":{"id":"\#(F.subscriptionID)","plan_variation_id":"\#(F.monthly)","customer_id":"CUSTOMER-1","start_date":"\#(F.date(day: 0))","charged_through_date":"\#(F.date(day: 31))","status":"ACTIVE","invoice_ids":["inv-1"],"timezone":"UTC","version":3}}"#)
        square.answer("/v2/catalog/object/\(F.monthly)", #"{"object":{"type":"SUBSCRIPTION_PLAN_VARIATION","id":"\#(F.monthly)","subscription_plan_variation_data":{"name":"Monthly","phases":[{"uid":"ph-1","cadence":"MONTHLY","ordinal":0,"pricing":{"type":"STATIC","price_money":{"amount":999,"currency":"USD"}}}]}}}"#)
        square.answer("/v2/invoices/inv-1", #"{"invoice":{"id":"inv-1","status":"\#(invoiceStatus)","subscription_id":"\#(F.subscriptionID)","sale_or_service_date":"\#(F.date(day: 0))","payment_requests":[{"due_date":"\#(F.date(day: 0))","computed_amount_money":{"amount":999,"currency":"USD"}}],"created_at":"\#(F.instant(day: 0).iso8601)","updated_at":"\#(F.instant(day: 0).iso8601)"}}"#)
        square.answer("/v2/customers/CUSTOMER-1", #"{"customer":{"id":"CUSTOMER-1","reference_id":"sam","email_address":"sam@example.com"}}"#)
    }

    static let event = SquareWebhookTests.event("invoice.payment_made", object: #"{"invoice":{"id":"inv-1","subscription_id":"\#(F.subscriptionID)"}}"#)

    @Test func aSignedDeliveryIsAcceptedAndReadBack() async throws {
        let square = FakeSquare()
        Self.fill(square)
        let adapter = Self.adapter(square)
        #expect(await Self.failure { try await adapter.authenticateNotification(Self.request(Self.event), app: Self.app) } == nil)
        let verified = try await adapter.verifyNotification(Self.event, app: Self.app)
        #expect(verified.notificationUUID == "6a8f5f28-54a1-4eb0-a98a-3111513fd4fc")
        #expect(verified.facts.transactions.map(\.transactionID) == ["inv-1"])
        #expect(verified.facts.transactions.first?.expiresAt == F.instant(day: 31))
        #expect(verified.facts.ownerClaims.map(\.appUserID) == ["sam"])
        #expect(verified.facts.renewalInfos.first?.willAutoRenew == true)
        let first = try #require(square.requests.first)
        #expect(first.url == "https://connect.squareupsandbox.com/v2/subscriptions/\(F.subscriptionID)?include=actions")
        #expect(first.headers.contains { $0.name == "Square-Version" && $0.value == SquareAPIClient.defaultVersion })
        #expect(first.headers.contains { $0.name == "Authorization" && $0.value == "Bearer EAAA-token" })
    }

    @Test func forgedAndForeignDeliveriesAreRefused() async throws {
        let adapter = Self.adapter(FakeSquare())
        let forged = Self.request(Self.event, signature: SquareWebhookVerifier.signature(body: Self.event, notificationURL: SquareWebhookTests.url, key: "guess"))
        #expect(await Self.failure { try await adapter.authenticateNotification(forged, app: Self.app) } == "notification_unauthenticated")
        #expect(await Self.failure { try await adapter.authenticateNotification(NotificationRequest(body: Self.event), app: Self.app) }
                == "notification_unauthenticated")
        var other = Self.app
        other.id = "meadow"
        #expect(await Self.failure { try await adapter.authenticateNotification(Self.request(Self.event), app: other) } == "square_not_configured")
    }

    @Test func squareFailingIsTransientAndUnknownSubscriptionsAreNot() async throws {
        let square = FakeSquare()
        let adapter = Self.adapter(square)
        #expect(await Self.failure { _ = try await adapter.verifyNotification(Self.event, app: Self.app) } == "store_record_not_found")
        square.answer("/v2/subscriptions/\(F.subscriptionID)", status: 503, #"{"errors":[{"code":"SERVICE_UNAVAILABLE"}]}"#)
        #expect(await Self.failure { _ = try await adapter.verifyNotification(Self.event, app: Self.app) } == "store_unavailable")
        #expect(square.requests.count == 3, "the 503 was tried twice")
        square.answer("/v2/subscriptions/\(F.subscriptionID)", status: 401, #"{"errors":[{"code":"UNAUTHORIZED"}]}"#)
        #expect(await Self.failure { _ = try await adapter.verifyNotification(Self.event, app: Self.app) } == "store_configuration_rejected")
    }

    @Test func eventsAboutNothingPerennialTracksCarryNoFacts() async throws {
        let adapter = Self.adapter(FakeSquare())
        let payment = SquareWebhookTests.event("payment.updated", object: #"{"payment":{"id":"p-1"}}"#)
        #expect(try await adapter.verifyNotification(payment, app: Self.app).facts == FactBatch())
        #expect(await Self.failure { _ = try adapter.notificationFormatVersion(of: Data("{}".utf8)) } == "invalid_notification")
    }
}
