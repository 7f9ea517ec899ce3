import Foundation
import PerennialAdyen
import PerennialAdyenSimulator
import PerennialCore
import PerennialOutbound
import PerennialTesting
import Testing

/// The Adyen simulator charges as Adyen does, through Perennial's own client: the first payment stores the
/// card, a renewal with the stored card is authorised or refused as the card is, an `Idempotency-Key` seen
/// before charges nothing, and every notification is signed with the merchant's HMAC key.
@Suite struct AdyenSimulatorTests {
    static let key = AdyenNotificationTests.key
    static let hook = "https://perennial.example.com/v1/adyen/webhooks/forest"

    struct Fixture {
        let clock = ManualClock(Instant(milliseconds: 1_772_323_200_000))
        let webhooks = WebhookRecorder()
        let adyen: AdyenSimulator

        init() async {
            adyen = AdyenSimulator(apiKey: "AQE-key", merchantAccount: "PerennialECOM", clock: clock, transport: webhooks)
            await adyen.setWebhook(url: AdyenSimulatorTests.hook, hexKey: AdyenSimulatorTests.key)
        }

        var client: AdyenAPIClient {
            AdyenAPIClient(apiKey: "AQE-key", baseURL: "http://adyen.test/v71", transport: adyen.transport, retryPolicy: RetryPolicy(attempts: 2), sleep: { _ in })
        }

        /// The first payment, through a session the shopper pays; the stored card's id.
        func subscribe(_ subscription: String, shopper: String) async throws -> String {
            let renewal = AdyenRenewalReference(subscriptionID: subscription, period: 0)
            let session = try await client.session(AdyenCheckoutSession(
                merchantAccount: "PerennialECOM", amount: AdyenAmount(value: 999, currency: "EUR"), renewal: renewal,
                returnURL: "https://example.com/welcome", shopperReference: shopper), renewal: renewal)
            _ = await adyen.complete(session: session.id)
            await adyen.deliverDue()
            let item = try #require(AdyenNotification.read(Data(webhooks.deliveries.last?.body ?? []))?.items.first)
            return try #require(item.additionalData?["recurring.recurringDetailReference"])
        }

        func renew(_ subscription: String, period: Int, attempt: Int = 0, shopper: String, method: String) async throws -> AdyenPaymentResult {
            let renewal = AdyenRenewalReference(subscriptionID: subscription, period: period, attempt: attempt)
            return try await client.charge(AdyenRenewalPayment(
                merchantAccount: "PerennialECOM", amount: AdyenAmount(value: 999, currency: "EUR"), renewal: renewal, shopperReference: shopper,
                storedPaymentMethodID: method), renewal: renewal)
        }
    }

    @Test func aRenewalIsChargedOnceWhateverIsRetried() async throws {
        let adyen = await Fixture()
        let method = try await adyen.subscribe("sub_1", shopper: "dana")
        let first = try await adyen.renew("sub_1", period: 1, shopper: "dana", method: method)
        #expect(first.isAuthorised)
        let again = try await adyen.renew("sub_1", period: 1, shopper: "dana", method: method)
        #expect(again.pspReference == first.pspReference, "the same attempt again: Adyen's first answer")
        #expect(await adyen.adyen.charges == 2, "the first payment and one renewal")

        #expect(await adyen.adyen.setRefuses(true, method: method))
        let refused = try await adyen.renew("sub_1", period: 2, shopper: "dana", method: method)
        #expect(refused.isRefused)
        #expect(await adyen.adyen.setRefuses(false, method: method), "the Account Updater's refreshed card")
        let retried = try await adyen.renew("sub_1", period: 2, attempt: 1, shopper: "dana", method: method)
        #expect(retried.isAuthorised)
        #expect(await adyen.adyen.charges == 4)
    }

    @Test func everyNotificationIsSignedForTheMerchant() async throws {
        let adyen = await Fixture()
        let method = try await adyen.subscribe("sub_1", shopper: "dana")
        _ = try await adyen.renew("sub_1", period: 1, shopper: "dana", method: method)
        await adyen.adyen.deliverDue()
        let verifier = try #require(AdyenNotificationVerifier(hexKeys: [Self.key], merchantAccount: "PerennialECOM"))
        let notifications = adyen.webhooks.deliveries.compactMap { AdyenNotification.read(Data($0.body)) }
        #expect(notifications.map { $0.items[0].merchantReference } == ["sub_1:0:0", "sub_1:1:0"])
        for notification in notifications {
            try verifier.verify(notification)
        }
    }

    @Test func strangersAndBadRequestsAreRefused() async throws {
        let adyen = await Fixture()
        let stranger = try await adyen.adyen.transport.send(HTTPTransportRequest(
            method: "POST", url: "http://adyen.test/v71/payments", headers: [HTTPTransportHeader(name: "x-api-key", value: "guess")], body: Array("{}".utf8),
            timeout: .seconds(5)))
        #expect(stranger.status == 401)
        await #expect(throws: StoreAPIError.self) { _ = try await adyen.renew("sub_1", period: 1, shopper: "dana", method: "no-such-card") }
    }
}
