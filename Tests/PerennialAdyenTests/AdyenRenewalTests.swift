import Foundation
import PerennialAdyen
import PerennialCore
import PerennialOutbound
import Synchronization
import Testing

/// A renewal's names at Adyen, and its charge: an attempt carries the same idempotency key however often it
/// is sent (transport retries included), so no period is charged twice; each other attempt, period and
/// subscription has its own.
@Suite struct AdyenRenewalTests {
    @Test func aRenewalHasOneKeyPerSubscriptionAndPeriod() {
        let second = AdyenRenewalReference(subscriptionID: "sub_7", period: 2)
        #expect(second.merchantReference == "sub_7:2:0")
        #expect(second.lineItem == "sub_7:2")
        #expect(AdyenRenewalReference(merchantReference: "sub_7:2:0") == second)
        #expect(AdyenRenewalReference(merchantReference: "a:b:3:1") == AdyenRenewalReference(subscriptionID: "a:b", period: 3, attempt: 1))
        #expect(AdyenRenewalReference(merchantReference: "sub_7:2") == nil, "a line item is not an attempt")
        #expect(AdyenRenewalReference(merchantReference: "order-17") == nil)
        #expect(AdyenRenewalReference(merchantReference: ":3:0") == nil)
        #expect(second.idempotencyKey == AdyenRenewalReference(subscriptionID: "sub_7", period: 2).idempotencyKey)
        let others = [
            AdyenRenewalReference(subscriptionID: "sub_7", period: 3), AdyenRenewalReference(subscriptionID: "sub_8", period: 2),
            AdyenRenewalReference(subscriptionID: "sub_7", period: 2, attempt: 1),
        ]
        #expect(others.allSatisfy { $0.idempotencyKey != second.idempotencyKey })
        #expect(second.idempotencyKey.count <= 64)
    }

    /// Adyen's Checkout API answering from a script, recording each request.
    final class ScriptedAdyen: HTTPTransport, Sendable {
        private let state: Mutex<(answers: [(Int, String)], requests: [HTTPTransportRequest])>

        init(_ answers: [(Int, String)]) {
            state = Mutex((answers, []))
        }

        var requests: [HTTPTransportRequest] { state.withLock { $0.requests } }

        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            let answer = state.withLock { state -> (Int, String) in
                state.requests.append(request)
                return state.answers.isEmpty ? (500, "{}") : state.answers.removeFirst()
            }
            return HTTPTransportResponse(status: answer.0, body: Array(answer.1.utf8))
        }
    }

    @Test func aRenewalIsChargedWithTheStoredCardWithoutTheShopperUnderOneKey() async throws {
        let adyen = ScriptedAdyen([(503, "{}"), (200, #"{"pspReference":"8835","resultCode":"Authorised","merchantReference":"sub_7:2:0"}"#)])
        let client = AdyenAPIClient(apiKey: "AQE-key", baseURL: AdyenAPIClient.testBaseURL, transport: adyen, retryPolicy: RetryPolicy(attempts: 3), sleep: { _ in })
        let renewal = AdyenRenewalReference(subscriptionID: "sub_7", period: 2)
        let result = try await client.charge(
            AdyenRenewalPayment(merchantAccount: "PerennialECOM", amount: AdyenAmount(value: 999, currency: "EUR"), renewal: renewal,
                                shopperReference: "dana", storedPaymentMethodID: "8415718415172200"), renewal: renewal)
        #expect(result.isAuthorised)
        let requests = adyen.requests
        #expect(requests.count == 2)
        #expect(Set(requests.compactMap { $0.headers.first { $0.name == "Idempotency-Key" }?.value }) == [renewal.idempotencyKey])
        #expect(requests.allSatisfy { $0.url == "https://checkout-test.adyen.com/v71/payments" })
        let body = try #require((try? JSONSerialization.jsonObject(with: Data(requests[0].body))) as? [String: Any])
        #expect(body["shopperInteraction"] as? String == "ContAuth")
        #expect(body["recurringProcessingModel"] as? String == "Subscription")
        #expect(body["reference"] as? String == "sub_7:2:0")
        #expect((body["paymentMethod"] as? [String: Any])?["storedPaymentMethodId"] as? String == "8415718415172200")
    }

    @Test func aRefusedRenewalIsAnAnswerNotAnError() async throws {
        let adyen = ScriptedAdyen([(200, #"{"pspReference":"8836","resultCode":"Refused","refusalReason":"Not enough balance","refusalReasonCode":"12"}"#)])
        let client = AdyenAPIClient(apiKey: "AQE-key", baseURL: AdyenAPIClient.testBaseURL, transport: adyen, sleep: { _ in })
        let renewal = AdyenRenewalReference(subscriptionID: "sub_7", period: 3)
        let result = try await client.charge(
            AdyenRenewalPayment(merchantAccount: "PerennialECOM", amount: AdyenAmount(value: 999, currency: "EUR"), renewal: renewal,
                                shopperReference: "dana", storedPaymentMethodID: "8415718415172200"), renewal: renewal)
        #expect(result.isRefused)
        #expect(result.refusalReason == "Not enough balance")
        let unauthorized = ScriptedAdyen([(401, #"{"status":401,"errorCode":"000","message":"HTTP Status Response - Unauthorized","errorType":"security"}"#)])
        await #expect(throws: StoreAPIError.self) {
            _ = try await AdyenAPIClient(apiKey: "wrong", baseURL: AdyenAPIClient.testBaseURL, transport: unauthorized, sleep: { _ in })
                .charge(AdyenRenewalPayment(merchantAccount: "A", amount: AdyenAmount(value: 1, currency: "EUR"), renewal: renewal, shopperReference: "d",
                                            storedPaymentMethodID: "x"), renewal: renewal)
        }
    }
}
