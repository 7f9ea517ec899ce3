import _CryptoExtras
import Crypto
import Foundation
import PerennialCore
@testable import PerennialGooglePlay
import Testing

/// Pub/Sub push authentication: only an RS256 token signed by one of Google's keys, for this audience and
/// service account, valid now, passes.
@Suite("Pub/Sub push tokens")
struct PlayPushTokenTests {
    static let key = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let otherKey = try! _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let now = Instant(milliseconds: 1_795_600_800_000)
    static let expectation = PlayPushExpectation(
        audience: "https://perennial.example.com/v1/google/notifications/app", serviceAccountEmail: "push@project.iam.gserviceaccount.com"
    )

    static func claims(_ changes: [String: Any] = [:]) -> [String: Any] {
        var claims: [String: Any] = [
            "iss": "https://accounts.google.com", "aud": expectation.audience, "email": expectation.serviceAccountEmail,
            "email_verified": true, "iat": now.milliseconds / 1000 - 10, "exp": now.milliseconds / 1000 + 3590,
            "sub": "1234567890",
        ]
        claims.merge(changes) { $1 }
        return claims
    }

    static func token(header: [String: Any] = ["alg": "RS256", "kid": "k1", "typ": "JWT"], claims: [String: Any] = claims(), key: _RSA.Signing.PrivateKey = key) -> String {
        let head = Base64URL.encode(try! JSONSerialization.data(withJSONObject: header, options: [.sortedKeys]))
        let body = Base64URL.encode(try! JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys]))
        let signature = try! key.signature(for: SHA256.hash(data: Data("\(head).\(body)".utf8)), padding: .insecurePKCS1v1_5)
        return "Bearer \(head).\(body).\(Base64URL.encode(signature.rawRepresentation))"
    }

    func verify(_ authorization: String?) -> PlayPushRefusal.Reason? {
        do {
            try PlayPushToken.verify(
                authorization: authorization, keys: ["k1": Self.key.publicKey], expectation: Self.expectation, now: Self.now
            )
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aGoogleTokenForThisEndpointPasses() {
        #expect(verify(Self.token()) == nil)
        #expect(verify(Self.token(claims: Self.claims(["iss": "accounts.google.com"]))) == nil)
        #expect(PlayPushToken.keyID(authorization: Self.token()) == "k1")
    }

    @Test func forgedTokensAreRefused() {
        let hmac = { () -> String in
            let head = Base64URL.encode(Data(#"{"alg":"HS256","kid":"k1"}"#.utf8))
            let body = Base64URL.encode(try! JSONSerialization.data(withJSONObject: Self.claims()))
            let mac = HMAC<SHA256>.authenticationCode(for: Data("\(head).\(body)".utf8), using: SymmetricKey(data: Data("k1".utf8)))
            return "Bearer \(head).\(body).\(Base64URL.encode(Data(mac)))"
        }()
        let unsigned = "Bearer " + Base64URL.encode(Data(#"{"alg":"none","kid":"k1"}"#.utf8)) + "."
            + Base64URL.encode(try! JSONSerialization.data(withJSONObject: Self.claims())) + "."
        let cases: [(String?, PlayPushRefusal.Reason)] = [
            (nil, .missingToken), ("", .missingToken), ("Basic abc", .malformedToken), ("Bearer a.b", .malformedToken),
            (unsigned, .unsupportedAlgorithm), (hmac, .unsupportedAlgorithm),
            (Self.token(header: ["alg": "RS256", "kid": "k2"]), .unknownKey),
            (Self.token(header: ["alg": "RS256"]), .unknownKey),
            (Self.token(key: Self.otherKey), .badSignature),
            (Self.token(claims: Self.claims(["iss": "https://evil.example.com"])), .wrongIssuer),
            (Self.token(claims: Self.claims(["aud": "https://other.example.com"])), .wrongAudience),
            (Self.token(claims: Self.claims(["email": "someone@else.com"])), .wrongEmail),
            (Self.token(claims: Self.claims(["email_verified": false])), .emailNotVerified),
            (Self.token(claims: Self.claims(["exp": Self.now.milliseconds / 1000 - 120])), .expired),
            (Self.token(claims: Self.claims(["iat": Self.now.milliseconds / 1000 + 600])), .notYetValid),
        ]
        for (authorization, reason) in cases {
            #expect(verify(authorization) == reason, "\(reason)")
        }
        // A valid token whose claims were swapped after signing.
        let parts = Self.token().dropFirst(7).split(separator: ".")
        let swapped = Base64URL.encode(try! JSONSerialization.data(withJSONObject: Self.claims(["aud": "x"])))
        #expect(verify("Bearer \(parts[0]).\(swapped).\(parts[2])") == .badSignature)
    }

    @Test func googlesKeySetIsReadAndItsMaxAgeKept() throws {
        let primitives = try Self.key.publicKey.getKeyPrimitives()
        let set = #"{"keys":[{"kid":"k1","kty":"RSA","alg":"RS256","use":"sig","n":"\#(Base64URL.encode(primitives.modulus))","e":"\#(Base64URL.encode(primitives.publicExponent))"},{"kid":"k2","kty":"EC"}]}"#
        let keys = try #require(PlayGoogleKeys.parse(Array(set.utf8)))
        #expect(Array(keys.keys) == ["k1"])
        try PlayPushToken.verify(authorization: Self.token(), keys: keys, expectation: Self.expectation, now: Self.now)
        #expect(PlayGoogleKeys.maxAge("public, max-age=19800, must-revalidate, no-transform") == 19_800)
        #expect(PlayGoogleKeys.maxAge(nil) == 3600)
        #expect(PlayGoogleKeys.maxAge("max-age=9999999") == 86_400)
        #expect(PlayGoogleKeys.parse(Array(#"{"keys":[{"kid":"a","kty":"EC"}]}"#.utf8))?.isEmpty == true)
        #expect(PlayGoogleKeys.parse(Array("[]".utf8)) == nil)
    }
}
