import PerennialCore
@testable import PerennialStripe
import Testing

@Suite("Stripe-Signature verification")
struct StripeWebhookSignatureTests {
    static let payload = Array(#"{"id":"evt_1","object":"event","type":"invoice.paid","data":{"object":{"id":"in_1","object":"invoice"}}}"#.utf8)
    static let secret = "whsec_current"
    static let signedAt: Int64 = 1_800_000_000
    static let now = Instant(stripeSeconds: signedAt + 10)
    static let valid = StripeWebhookSignature.header(payload: payload, secret: secret, timestamp: signedAt)
    static var validSignature: String { String(valid.split(separator: "v1=")[1]) }

    func verify(_ header: String?, secrets: [String] = [secret], now: Instant = now) throws(StripeWebhookSignatureError) {
        try StripeWebhookSignature.verify(header: header, payload: Self.payload, secrets: secrets, now: now)
    }

    @Test func aValidSignaturePasses() throws {
        try verify(Self.valid)
        try verify(" t=\(Self.signedAt) , v1=\(String(repeating: "0", count: 64)), v1=\(Self.validSignature), v0=abc, x=1")
    }

    @Test func anyOfSeveralSecretsPasses() throws {
        try verify(Self.valid, secrets: ["whsec_old", Self.secret])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var header: String?
        var reason: StripeWebhookSignatureError.Reason
        var now: Instant = StripeWebhookSignatureTests.now
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(name: "no header", header: nil, reason: .missingHeader),
        Refusal(name: "empty header", header: "", reason: .missingHeader),
        Refusal(name: "no timestamp", header: "v1=\(validSignature)", reason: .malformedHeader),
        Refusal(name: "timestamp not a number", header: "t=soon,v1=\(validSignature)", reason: .malformedHeader),
        Refusal(name: "two timestamps", header: "t=\(signedAt),t=\(signedAt + 1),v1=\(validSignature)", reason: .malformedHeader),
        Refusal(name: "garbage", header: ",,,==,=,t", reason: .malformedHeader),
        Refusal(name: "huge timestamp", header: "t=9223372036854775807,v1=\(validSignature)", reason: .noSignatureMatches),
        Refusal(name: "v0 only", header: "t=\(signedAt),v0=\(validSignature)", reason: .noV1Signature),
        Refusal(name: "v1 not hex", header: "t=\(signedAt),v1=zz\(validSignature.dropFirst(2))", reason: .noV1Signature),
        Refusal(name: "wrong signature", header: "t=\(signedAt),v1=\(String(repeating: "ab", count: 32))", reason: .noSignatureMatches),
        Refusal(name: "other timestamp than signed", header: "t=\(signedAt + 1),v1=\(validSignature)", reason: .noSignatureMatches),
        Refusal(name: "too old", header: valid, reason: .timestampOutsideTolerance, now: Instant(stripeSeconds: signedAt + 301)),
        Refusal(name: "too far ahead", header: valid, reason: .timestampOutsideTolerance, now: Instant(stripeSeconds: signedAt - 301)),
    ]

    @Test(arguments: refusals)
    func refused(_ refusal: Refusal) {
        #expect(throws: StripeWebhookSignatureError(refusal.reason)) { try verify(refusal.header, now: refusal.now) }
    }

    @Test func anotherSecretIsRefused() {
        #expect(throws: StripeWebhookSignatureError(.noSignatureMatches)) { try verify(Self.valid, secrets: ["whsec_other"]) }
    }

    @Test func noSecretsRefusesEverything() {
        #expect(throws: StripeWebhookSignatureError(.missingHeader)) { try verify(Self.valid, secrets: []) }
    }

    @Test func theToleranceIsConfigurable() throws {
        try StripeWebhookSignature.verify(
            header: Self.valid, payload: Self.payload, secrets: [Self.secret], tolerance: .seconds(3600),
            now: Instant(stripeSeconds: Self.signedAt + 3000)
        )
    }
}
