import _CryptoExtras
import Crypto
import Foundation
import PerennialCore
@testable import PerennialGooglePlay
import PerennialOutbound
import Testing

@Suite("Google Play Developer API client")
struct PlayDeveloperAPIClientTests {
    static let base = "https://play.test"
    static let subscriptionPath = "/androidpublisher/v3/applications/com.example.app/purchases/subscriptionsv2/tokens/tok%2Fen"

    func client(
        _ google: FakeGoogle, clock: FixedClock = FixedClock(Instant(milliseconds: 1_795_600_800_000))
    ) throws(PlayAPIError) -> PlayDeveloperAPIClient {
        let key = try PlaySubscriptionKeyFile.key()
        return PlayDeveloperAPIClient(
            packageName: "com.example.app", baseURL: Self.base,
            tokens: PlayAccessTokens(key: key, transport: google, clock: clock), transport: google,
            retryPolicy: RetryPolicy(attempts: 3), sleep: { _ in }
        )
    }

    @Test func getsASubscriptionWithABearerTokenFromASignedAssertion() async throws {
        let google = FakeGoogle()
        await google.answer(Self.subscriptionPath, HTTPTransportResponse(status: 200, body: Array(PlayPurchaseBody().data)))
        let (purchase, _) = try await client(google).subscription(token: "tok/en")
        #expect(purchase.lineItems.first?.productId == "premium_monthly")
        let requests = await google.requests
        #expect(requests.count == 2)
        #expect(requests[1].header("Authorization") == "Bearer token-1")
        // The assertion: RS256 over header.claims, by the key file's key, with Google's claims.
        let form = String(decoding: requests[0].body, as: UTF8.self)
        #expect(form.hasPrefix("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion="))
        let jwt = String(form.split(separator: "=").last!)
        let parts = jwt.split(separator: ".").map(String.init)
        let signature = _RSA.Signing.RSASignature(rawRepresentation: Base64URL.decode(parts[2])!)
        #expect(FakeGoogle.key.publicKey.isValidSignature(
            signature, for: SHA256.hash(data: Data("\(parts[0]).\(parts[1])".utf8)), padding: .insecurePKCS1v1_5
        ))
        let claims = try JSONSerialization.jsonObject(with: Base64URL.decode(parts[1])!) as! [String: Any]
        #expect(claims["iss"] as? String == "perennial@project.iam.gserviceaccount.com")
        #expect(claims["scope"] as? String == "https://www.googleapis.com/auth/androidpublisher")
        #expect(claims["aud"] as? String == FakeGoogle.tokenURI)
        #expect((claims["exp"] as? Int64 ?? 0) - (claims["iat"] as? Int64 ?? 0) == 3600)
    }

    @Test func theTokenIsKeptAndRenewedOnceWhenGoogleRefusesIt() async throws {
        let google = FakeGoogle()
        let ok = HTTPTransportResponse(status: 200, body: Array(PlayPurchaseBody().data))
        await google.answer(Self.subscriptionPath, ok, HTTPTransportResponse(status: 401), ok)
        let client = try client(google)
        _ = try await client.subscription(token: "tok/en")
        _ = try await client.subscription(token: "tok/en")
        #expect(await google.issued == 2)
        let bearers = await google.apiRequests.map { $0.header("Authorization") }
        #expect(bearers == ["Bearer token-1", "Bearer token-1", "Bearer token-2"])
    }

    @Test func serverErrorsAreRetriedAndGoogleErrorsTyped() async throws {
        let google = FakeGoogle()
        await google.answer(
            Self.subscriptionPath, HTTPTransportResponse(status: 503),
            HTTPTransportResponse(status: 200, body: Array(PlayPurchaseBody().data))
        )
        _ = try await client(google).subscription(token: "tok/en")
        let gone = #"{"error":{"code":410,"message":"The subscription purchase is no longer available for query because it has been expired for too long.","status":"GONE","errors":[{"reason":"subscriptionPurchaseNoLongerAvailable"}]}}"#
        await google.answer(Self.subscriptionPath, HTTPTransportResponse(status: 410, body: Array(gone.utf8)))
        do {
            _ = try await client(google).subscription(token: "tok/en")
            Issue.record("410 must fail")
        } catch {
            #expect(error.kind == .gone)
            #expect(error.googleStatus == "GONE")
            #expect(error.message.contains("subscriptionPurchaseNoLongerAvailable"))
        }
        do {
            _ = try await client(google).subscription(token: "tok/en")
            Issue.record("404 must fail")
        } catch {
            #expect(error.kind == .notFound)
        }
        await google.answer(Self.subscriptionPath, HTTPTransportResponse(status: 429), HTTPTransportResponse(status: 429), HTTPTransportResponse(status: 429))
        do {
            _ = try await client(google).subscription(token: "tok/en")
            Issue.record("three 429s must fail")
        } catch {
            #expect(error.kind == .rateLimited)
        }
    }

    @Test func aRefusedKeyIsUnauthorized() async throws {
        let google = FakeGoogle()
        await google.refuseTokenRequests()
        do {
            _ = try await client(google).subscription(token: "tok/en")
            Issue.record("must fail")
        } catch {
            #expect(error.kind == .unauthorized)
            #expect(!error.message.contains("BEGIN"))
        }
    }

    @Test func acknowledgeUsesTheV1MethodAndVoidedPurchasesArePaged() async throws {
        let google = FakeGoogle()
        let prefix = "/androidpublisher/v3/applications/com.example.app/purchases"
        await google.answer("\(prefix)/subscriptions/premium_monthly/tokens/tok:acknowledge", HTTPTransportResponse(status: 204))
        let first = #"{"voidedPurchases":[{"purchaseToken":"a","orderId":"GPA.1","voidedTimeMillis":"1","voidedSource":0,"voidedReason":1}],"tokenPagination":{"nextPageToken":"p2"}}"#
        let second = #"{"voidedPurchases":[{"purchaseToken":"b","voidedTimeMillis":"2"}]}"#
        await google.answer("\(prefix)/voidedpurchases?type=1&startTime=0", HTTPTransportResponse(status: 200, body: Array(first.utf8)))
        await google.answer("\(prefix)/voidedpurchases?type=1&startTime=0&token=p2", HTTPTransportResponse(status: 200, body: Array(second.utf8)))
        let client = try client(google)
        try await client.acknowledgeSubscription(productID: "premium_monthly", token: "tok")
        let voided = try await client.voidedPurchases(since: Instant(milliseconds: 0))
        #expect(voided.map(\.purchaseToken) == ["a", "b"])
        #expect(await google.apiRequests.first?.method == "POST")
    }
}

/// The fake's key file, read as a service account key.
enum PlaySubscriptionKeyFile {
    static func key() throws(PlayAPIError) -> PlayServiceAccountKey {
        try PlayServiceAccountKey(json: FakeGoogle.keyFile)
    }
}
