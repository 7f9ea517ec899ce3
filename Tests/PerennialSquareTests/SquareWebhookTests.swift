import Foundation
import PerennialCore
import PerennialSquare
import Testing

/// Square's deliveries: the HMAC over the notification URL and the raw body, checked in constant time;
/// stale events refused; what each event is about.
@Suite struct SquareWebhookTests {
    static let url = "https://perennial.example.com/v1/square/webhooks/forest"
    static let key = "Xy_signature-key-0123456789"
    static let now = SquareFixtures.instant(day: 10)

    static func event(_ type: String, createdAt: Instant = now, object: String) -> Data {
        Data(#"{"merchant_id":"ML1","type":"\#(type)","event_id":"6a8f5f28-54a1-4eb0-a98a-3111513fd4fc","created_at":"\#(createdAt.iso8601)","data":{"type":"x","id":"obj-1","object":\#(object)}}"#.utf8)
    }

    static let body = event("subscription.updated", object: #"{"subscription":{"id":"sub-1","status":"ACTIVE"}}"#)

    /// Why `verify` refused; nil when it accepted.
    static func refusal(_ verify: () throws(SquareWebhookError) -> Void) -> SquareWebhookError.Code? {
        do {
            try verify()
            return nil
        } catch {
            return error.code
        }
    }

    @Test func theSignatureCoversTheURLAndTheBody() throws {
        let verifier = SquareWebhookVerifier(signatureKeys: [Self.key], notificationURL: Self.url)
        let signature = SquareWebhookVerifier.signature(body: Self.body, notificationURL: Self.url, key: Self.key)
        try verifier.verify(signatureHeader: signature, body: Self.body, now: Self.now)

        let otherURL = SquareWebhookVerifier.signature(body: Self.body, notificationURL: Self.url + "/", key: Self.key)
        let otherKey = SquareWebhookVerifier.signature(body: Self.body, notificationURL: Self.url, key: "another")
        for (header, body) in [(otherURL, Self.body), (otherKey, Self.body), (signature, Self.body + Data(" ".utf8))] {
            #expect(Self.refusal { () throws(SquareWebhookError) in try verifier.verify(signatureHeader: header, body: body, now: Self.now) } == .badSignature)
        }
        for header in [nil, "", "not base64!", Data(repeating: 1, count: 8).base64EncodedString()] {
            #expect(Self.refusal { () throws(SquareWebhookError) in try verifier.verify(signatureHeader: header, body: Self.body, now: Self.now) } == .missingSignature)
        }
    }

    @Test func aKeyBeingReplacedStillVerifies() throws {
        let verifier = SquareWebhookVerifier(signatureKeys: ["new-key", Self.key], notificationURL: Self.url)
        try verifier.verify(signatureHeader: SquareWebhookVerifier.signature(body: Self.body, notificationURL: Self.url, key: Self.key), body: Self.body, now: Self.now)
    }

    @Test func anOldEventReplayedIsRefused() {
        let verifier = SquareWebhookVerifier(signatureKeys: [Self.key], notificationURL: Self.url)
        let old = Self.event("subscription.updated", createdAt: SquareFixtures.instant(day: 5), object: "{}")
        let signature = SquareWebhookVerifier.signature(body: old, notificationURL: Self.url, key: Self.key)
        #expect(Self.refusal { () throws(SquareWebhookError) in try verifier.verify(signatureHeader: signature, body: old, now: Self.now) } == .staleEvent)
    }

    @Test func eachEventNamesItsSubscription() {
        #expect(SquareWebhookEvent.read(Self.body)?.subscriptionID == "sub-1")
        let paid = Self.event("invoice.payment_made", object: #"{"invoice":{"id":"inv-1","subscription_id":"sub-2","status":"PAID"}}"#)
        #expect(SquareWebhookEvent.read(paid)?.subscriptionID == "sub-2")
        let oneOff = Self.event("invoice.payment_made", object: #"{"invoice":{"id":"inv-9","status":"PAID"}}"#)
        #expect(SquareWebhookEvent.read(oneOff)?.subscriptionID == nil, "an invoice of no subscription is not Perennial's")
        let refunded = SquareWebhookEvent.read(Self.event("invoice.refunded", object: #"{"invoice":{"id":"inv-1","subscription_id":"sub-2"}}"#))
        #expect(refunded?.refund?.invoiceID == "inv-1")
        #expect(refunded?.refund?.at == Self.now)
        #expect(SquareWebhookEvent.read(Self.event("payment.updated", object: #"{"payment":{"id":"p-1"}}"#))?.subscriptionID == nil)
        #expect(SquareWebhookEvent.read(Data("{}".utf8)) == nil)
        #expect(SquareWebhookEvent.read(Data("[1]".utf8)) == nil)
    }
}
