import Foundation
import PerennialAppStore
import PerennialCore
import PerennialTesting
import Testing

@Suite("ServerAPIJWTSigner")
struct ServerAPIJWTSignerTests {
    typealias Support = ServerAPITestSupport

    static func signer(clock: FixedClock, lifetime: Duration = .seconds(20 * 60)) throws -> ServerAPIJWTSigner {
        try ServerAPIJWTSigner(
            issuerId: Support.issuerId, keyId: Support.keyId, bundleId: Support.bundleId,
            privateKeyPEM: Support.privateKeyPEM(), clock: clock, tokenLifetime: lifetime
        )
    }

    @Test("the token is an ES256 JWS with Apple's header and claims that verifies with the key's public half")
    func headerClaimsAndSignature() throws {
        let clock = FixedClock(Support.start)
        let jwt = try ServerAPIDecodedJWT(try Self.signer(clock: clock).token())

        #expect(jwt.header["alg"] as? String == "ES256")
        #expect(jwt.header["kid"] as? String == Support.keyId)
        #expect(jwt.header["typ"] as? String == "JWT")
        #expect(jwt.header.count == 3)

        #expect(jwt.claims["iss"] as? String == Support.issuerId)
        #expect(jwt.claims["aud"] as? String == "appstoreconnect-v1")
        #expect(jwt.claims["bid"] as? String == Support.bundleId)
        let issuedAt: Int64 = 1_698_148_900
        #expect((jwt.claims["iat"] as? NSNumber)?.int64Value == issuedAt)
        #expect((jwt.claims["exp"] as? NSNumber)?.int64Value == issuedAt + 20 * 60)
        #expect(jwt.claims.count == 5)

        #expect(jwt.signature.count == 64)
        #expect(jwt.verifies(with: try Support.publicKey()))
    }

    @Test("a token whose claims were changed does not verify")
    func tamperedTokenFails() throws {
        let token = try Self.signer(clock: FixedClock(Support.start)).token()
        var jwt = try ServerAPIDecodedJWT(token)
        let forged = try JSONSerialization.data(withJSONObject: ["iss": "someone-else", "bid": Support.bundleId])
        let forgedPart = forged.base64EncodedString().replacingOccurrences(of: "=", with: "")
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        jwt.signingInput = String(token.split(separator: ".")[0]) + "." + forgedPart
        #expect(!jwt.verifies(with: try Support.publicKey()))
    }

    @Test("the token is reused while more than 5 minutes remain and renewed after")
    func reuseAndRenewal() throws {
        let clock = FixedClock(Support.start)
        let signer = try Self.signer(clock: clock)
        let first = try signer.token()

        clock.advance(milliseconds: 14 * 60_000 + 59_999)
        #expect(try signer.token() == first)

        clock.advance(milliseconds: 1)
        let renewed = try signer.token()
        #expect(renewed != first)
        let claims = try ServerAPIDecodedJWT(renewed).claims
        let start: Int64 = 1_698_148_900
        #expect((claims["iat"] as? NSNumber)?.int64Value == start + 15 * 60)
        #expect((claims["exp"] as? NSNumber)?.int64Value == start + 35 * 60)

        clock.advance(milliseconds: 60_000)
        #expect(try signer.token() == renewed)
    }

    @Test("invalidating the cached token signs a new one; invalidating an older one changes nothing")
    func invalidation() throws {
        let signer = try Self.signer(clock: FixedClock(Support.start))
        let first = try signer.token()
        signer.invalidate(first)
        let second = try signer.token()
        #expect(second != first)
        signer.invalidate(first)
        #expect(try signer.token() == second)
    }

    @Test("concurrent callers share one token")
    func concurrentCallersShareToken() async throws {
        let signer = try Self.signer(clock: FixedClock(Support.start))
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<16 { group.addTask { try signer.token() } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(tokens.count == 1)
    }

    @Test("a lifetime over 60 minutes is cut to 60")
    func lifetimeIsCapped() throws {
        let signer = try Self.signer(clock: FixedClock(Support.start), lifetime: .seconds(3 * 3600))
        #expect(signer.tokenLifetime == .seconds(3600))
        let claims = try ServerAPIDecodedJWT(try signer.token()).claims
        let iat = (claims["iat"] as? NSNumber)?.int64Value ?? 0
        #expect((claims["exp"] as? NSNumber)?.int64Value == iat + 3600)
    }

    @Test("an unreadable key is an invalid configuration whose message does not show the key")
    func unreadableKey() throws {
        let pem = try Support.privateKeyPEM()
        let lines = pem.split(separator: "\n")
        let broken = ([lines[0], lines[1].prefix(40)] + lines.suffix(1)).joined(separator: "\n")
        do {
            _ = try ServerAPIJWTSigner(
                issuerId: Support.issuerId, keyId: Support.keyId, bundleId: Support.bundleId, privateKeyPEM: broken
            )
            Issue.record("expected an error")
        } catch let error as AppStoreServerAPIError {
            #expect(error.kind == .invalidConfiguration)
            #expect(!error.description.contains("MIGH"))
            #expect(!error.description.contains("PRIVATE KEY"))
        }
    }

    @Test("the description names the key id but never the key")
    func descriptionRedactsKey() throws {
        let signer = try Self.signer(clock: FixedClock(Support.start))
        #expect(signer.description.contains(Support.keyId))
        #expect(signer.description.contains("<redacted>"))
        #expect(!String(reflecting: signer).contains("MIGH"))
    }
}
