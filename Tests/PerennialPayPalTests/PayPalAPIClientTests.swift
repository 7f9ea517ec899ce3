import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import Testing

/// The PayPal client: one OAuth token (client credentials) reused until it expires, calls with it as
/// bearer, ids percent-encoded into paths, retries of what may pass, and PayPal's errors kept.
@Suite struct PayPalAPIClientTests {
    static let token = (status: 200, body: #"{"access_token":"A21AAF","token_type":"Bearer","expires_in":32400}"#)
    static let subscription = (status: 200, body: #"{"id":"I-1","plan_id":"P-1","status":"ACTIVE","custom_id":"rita","billing_info":{"outstanding_balance":{"currency_code":"USD","value":"0.00"},"failed_payments_count":0}}"#)

    static func client(_ transport: RecordingPayPal) -> PayPalAPIClient {
        PayPalAPIClient(
            credentials: PayPalCredentials(clientID: "client-1", secret: "secret-1"), baseURL: "https://api-m.sandbox.paypal.com/",
            transport: transport, retryPolicy: RetryPolicy(attempts: 3), clock: FixedClock(PayPalFixtures.start), sleep: { _ in })
    }

    @Test func aTokenIsFetchedOnceThenSentAsBearer() async throws {
        let transport = RecordingPayPal([Self.token, Self.subscription, Self.subscription])
        let client = Self.client(transport)
        let first = try await client.subscription(id: "I-1")
        _ = try await client.subscription(id: "I-1")
        #expect(first.status == .active && first.customID == "rita" && first.billingInfo?.isInArrears == false)
        let requests = await transport.requests
        #expect(requests.map(\.url) == [
            "https://api-m.sandbox.paypal.com/v1/oauth2/token", "https://api-m.sandbox.paypal.com/v1/billing/subscriptions/I-1",
            "https://api-m.sandbox.paypal.com/v1/billing/subscriptions/I-1",
        ])
        #expect(requests[0].header("Authorization") == "Basic " + Data("client-1:secret-1".utf8).base64EncodedString())
        #expect(String(decoding: requests[0].body, as: UTF8.self) == "grant_type=client_credentials")
        #expect(requests[1].header("Authorization") == "Bearer A21AAF")
        #expect(!client.description.contains("secret-1"))
    }

    @Test func anIDCannotLeaveItsPathSegment() async throws {
        let transport = RecordingPayPal([Self.token, (404, #"{"name":"RESOURCE_NOT_FOUND"}"#)])
        await #expect(throws: StoreAPIError.self) { try await Self.client(transport).subscription(id: "../plans/P-1?x=1") }
        #expect(await transport.requests.last?.url == "https://api-m.sandbox.paypal.com/v1/billing/subscriptions/..%2Fplans%2FP-1%3Fx%3D1")
    }

    @Test func aRefusedTokenIsFetchedAgainOnce() async throws {
        let transport = RecordingPayPal([Self.token, (401, ""), Self.token, Self.subscription])
        #expect(try await Self.client(transport).subscription(id: "I-1").id == "I-1")
        #expect(await transport.requests.count == 4)
    }

    @Test func errorsKeepPayPalsNameAndSayWhetherToRetry() async throws {
        let missing = RecordingPayPal([Self.token, (404, #"{"name":"RESOURCE_NOT_FOUND","message":"The specified resource does not exist."}"#)])
        do {
            _ = try await Self.client(missing).plan(id: "P-404")
            Issue.record("a 404 must throw")
        } catch {
            #expect(error.code == .notFound && error.storeCode == "RESOURCE_NOT_FOUND" && !error.isTransient)
        }
        let down = RecordingPayPal([Self.token, (503, ""), (503, ""), (503, "")])
        do {
            _ = try await Self.client(down).plan(id: "P-1")
            Issue.record("a 503 must throw")
        } catch {
            #expect(error.code == .unavailable && error.isTransient)
        }
        #expect(await down.requests.count == 4, "the token, then three attempts")
        let badCredentials = RecordingPayPal([(401, #"{"error":"invalid_client","error_description":"Client Authentication failed"}"#)])
        do {
            _ = try await Self.client(badCredentials).plan(id: "P-1")
            Issue.record("a refused client must throw")
        } catch {
            #expect(error.code == .unauthorized && error.storeCode == "invalid_client")
        }
    }

    @Test func transactionsAreAskedForBetweenTwoTimes() async throws {
        let list = (200, #"{"transactions":[{"id":"S-1","status":"COMPLETED","amount_with_breakdown":{"gross_amount":{"currency_code":"USD","value":"9.99"}},"time":"2026-03-01T10:00:00Z"}],"total_items":1}"#)
        let transport = RecordingPayPal([Self.token, list])
        let payments = try await Self.client(transport).transactions(
            subscriptionID: "I-1", from: PayPalFixtures.start, to: PayPalFixtures.instant(day: 31))
        #expect(payments.map(\.id) == ["S-1"] && payments[0].amountWithBreakdown?.grossAmount?.money?.minorUnits == 999)
        #expect(await transport.requests.last?.url
            == "https://api-m.sandbox.paypal.com/v1/billing/subscriptions/I-1/transactions?start_time=2026-03-01T00%3A00%3A00.000Z&end_time=2026-04-01T00%3A00%3A00.000Z")
    }

    @Test func theVerificationFallbackSendsTheRawEvent() async throws {
        let transport = RecordingPayPal([Self.token, (200, #"{"verification_status":"SUCCESS"}"#)])
        let body = Data(#"{"id":"WH-1",  "event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource":{"id":"I-1"}}"#.utf8)
        let transmission = PayPalTransmission(
            id: "t-1", time: "2026-03-11T00:00:00Z", signature: [1, 2, 3], certificateURL: "https://api.paypal.com/v1/notifications/certs/C",
            algorithm: "SHA256withRSA")
        #expect(try await Self.client(transport).verifiesWebhook(transmission, webhookID: "W-1", body: body))
        let sent = try #require(await transport.requests.last)
        let text = String(decoding: sent.body, as: UTF8.self)
        #expect(text.hasSuffix(#","webhook_event":{"id":"WH-1",  "event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource":{"id":"I-1"}}}"#))
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(sent.body)) as? [String: Any])
        #expect(fields["webhook_id"] as? String == "W-1" && fields["transmission_sig"] as? String == "AQID")
    }
}
