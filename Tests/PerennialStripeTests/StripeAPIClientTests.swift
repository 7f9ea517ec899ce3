import Foundation
import PerennialOutbound
@testable import PerennialStripe
import Testing

@Suite("Stripe API client: requests, retries, errors")
struct StripeAPIClientTests {
    static let key = "sk_test_51secretsecret"
    static let subscriptionJSON = #"{"id":"sub_1","object":"subscription","status":"active","items":{"object":"list","data":[],"has_more":false}}"#

    func client(_ stripe: ScriptedStripe, attempts: Int = 3) -> StripeAPIClient {
        StripeAPIClient(
            secretKey: StripeSecretKey(Self.key), baseURL: "https://stripe.test", transport: stripe,
            retryPolicy: RetryPolicy(attempts: attempts), sleep: { _ in }, makeIdempotencyKey: { "idem-generated" }
        )
    }

    @Test func sendsTheKeyTheVersionAndForm() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("POST /v1/checkout/sessions", json: #"{"id":"cs_1","url":"https://checkout.test/cs_1"}"#)
        let request = StripeCheckoutSessionRequest(
            priceID: "price_1", appUserID: "user 1&2", successURL: "https://app.test/ok?s={CHECKOUT_SESSION_ID}", cancelURL: "https://app.test/no"
        )
        let session = try await client(stripe).createCheckoutSession(request)
        #expect(session.url == "https://checkout.test/cs_1")
        let sent = try #require(await stripe.requests.first)
        #expect(sent.header("Authorization") == "Bearer \(Self.key)")
        #expect(sent.header("Stripe-Version") == "2026-10-28.endive")
        #expect(sent.header("Idempotency-Key") == "idem-generated")
        #expect(sent.header("Content-Type") == "application/x-www-form-urlencoded")
        let body = String(decoding: sent.body, as: UTF8.self)
        #expect(body.contains("line_items%5B0%5D%5Bprice%5D=price_1"))
        #expect(body.contains("subscription_data%5Bmetadata%5D%5Bapp_user_id%5D=user%201%262"))
        #expect(body.contains("client_reference_id=user%201%262"))
        #expect(body.contains("success_url=https%3A%2F%2Fapp.test%2Fok%3Fs%3D%7BCHECKOUT_SESSION_ID%7D"))
    }

    @Test func aRequestNamesItsEndpointForMetricsWithoutTheIdItCarries() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("GET /v1/subscriptions/sub_1%2Fx", json: Self.subscriptionJSON)
        _ = try await client(stripe).subscription("sub_1/x")
        let sent = try #require(await stripe.requests.first)
        #expect(sent.url == "https://stripe.test/v1/subscriptions/sub_1%2Fx")
        #expect(sent.purpose == HTTPTransportPurpose(store: "stripe", endpoint: "GET /v1/subscriptions/{id}"))
    }

    @Test func retriesAServerErrorWithTheSameIdempotencyKey() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer(
            "POST /v1/billing_portal/sessions", HTTPTransportResponse(status: 500),
            HTTPTransportResponse(status: 200, body: Array(#"{"id":"bps_1","url":"https://portal.test"}"#.utf8))
        )
        _ = try await client(stripe).createBillingPortalSession(customer: "cus_1", returnURL: "https://app.test", idempotencyKey: "mine")
        let keys = await stripe.requests.map { $0.header("Idempotency-Key") }
        #expect(keys == ["mine", "mine"])
    }

    @Test func shouldRetryFalseIsNeverRetried() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("GET /v1/subscriptions/sub_1", HTTPTransportResponse(status: 503, headers: [.init(name: "Stripe-Should-Retry", value: "false")]))
        await #expect(throws: StripeAPIError(.apiError, message: "")) { try await client(stripe).subscription("sub_1") }
        #expect(await stripe.requests.count == 1)
    }

    @Test func shouldRetryTrueRetriesEvenA400() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer(
            "GET /v1/subscriptions/sub_1", HTTPTransportResponse(status: 400, headers: [.init(name: "Stripe-Should-Retry", value: "true")]),
            HTTPTransportResponse(status: 200, body: Array(Self.subscriptionJSON.utf8))
        )
        #expect(try await client(stripe).subscription("sub_1").status == .active)
        #expect(await stripe.requests.count == 2)
    }

    @Test func givesUpAfterTheAttempts() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("GET /v1/subscriptions/sub_1", HTTPTransportResponse(status: 429))
        await #expect(throws: StripeAPIError(.rateLimited, message: "")) { try await client(stripe, attempts: 4).subscription("sub_1") }
        #expect(await stripe.requests.count == 4)
    }

    @Test func errorsCarryStripesDetailsButNotTheKey() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer("GET /v1/customers/cus_1", HTTPTransportResponse(
            status: 401, headers: [.init(name: "Request-Id", value: "req_9")],
            body: Array(#"{"error":{"type":"invalid_request_error","message":"Invalid API Key provided: sk_test_51secretsecret"}}"#.utf8)
        ))
        do {
            _ = try await client(stripe).customer("cus_1")
            Issue.record("no error")
        } catch {
            #expect(error.code == .authentication)
            #expect(error.requestID == "req_9")
            #expect(error.stripeType == "invalid_request_error")
            #expect(!(error.stripeMessage ?? "").contains(Self.key))
            #expect(!"\(error)".contains(Self.key))
        }
        #expect(await stripe.requests.count == 1)
    }

    @Test func listsEveryPage() async throws {
        let stripe = ScriptedStripe()
        await stripe.answer(
            "GET /v1/invoices",
            HTTPTransportResponse(status: 200, body: Array(#"{"object":"list","data":[{"id":"in_2"},{"id":"in_1"}],"has_more":true}"#.utf8)),
            HTTPTransportResponse(status: 200, body: Array(#"{"object":"list","data":[{"id":"in_0"}],"has_more":false}"#.utf8))
        )
        let invoices = try await client(stripe).invoices(subscription: "sub_1")
        #expect(invoices.map(\.id) == ["in_2", "in_1", "in_0"])
        let urls = await stripe.requests.map(\.url)
        #expect(urls.last?.contains("starting_after=in_1") == true)
        #expect(urls.first?.contains("subscription=sub_1") == true)
    }

    @Test func theKeyIsNeverDescribed() {
        let key = StripeSecretKey(Self.key)
        #expect(!"\(key)".contains(Self.key))
        #expect(!String(reflecting: key).contains(Self.key))
        var dumped = ""
        dump(key, to: &dumped)
        #expect(!dumped.contains(Self.key))
    }

    @Test func percentEncodingKeepsOnlyUnreserved() {
        #expect(StripeFormParameters.percentEncoded("a b[c]&d=é~_.-") == "a%20b%5Bc%5D%26d%3D%C3%A9~_.-")
        let parameters: StripeFormParameters = ["expand[]": "refunds", "metadata[k]": "v"]
        #expect(parameters.encoded == "expand%5B%5D=refunds&metadata%5Bk%5D=v")
    }
}
