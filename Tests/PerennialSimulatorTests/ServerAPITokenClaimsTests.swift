import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

/// The bearer token's claims as Apple checks them: `iat` may be absent (Apple's own libraries send none),
/// but the token must not be expired, nor live more than an hour, nor name another app.
@Suite struct ServerAPITokenClaimsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// Seconds from the simulator's now; nil leaves the claim out.
        var issuedAt: Int64?
        var expiresIn: Int64
        var bundleID = Fixture.bundleID
        var accepted: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "no iat, exp in five minutes", issuedAt: nil, expiresIn: 300, accepted: true),
        Case(name: "no iat, exp in 59 minutes", issuedAt: nil, expiresIn: 3_540, accepted: true),
        Case(name: "no iat, exp in two hours", issuedAt: nil, expiresIn: 7_200, accepted: false),
        Case(name: "no iat, expired", issuedAt: nil, expiresIn: -10, accepted: false),
        Case(name: "no iat, another app", issuedAt: nil, expiresIn: 300, bundleID: Fixture.otherBundleID, accepted: false),
        Case(name: "iat now, exp in an hour", issuedAt: 0, expiresIn: 3_600, accepted: true),
        Case(name: "iat now, exp in 61 minutes", issuedAt: 0, expiresIn: 3_660, accepted: false),
        Case(name: "iat an hour ago, expired", issuedAt: -3_600, expiresIn: -1, accepted: false),
        Case(name: "iat in ten minutes", issuedAt: 600, expiresIn: 900, accepted: false),
    ]

    @Test(arguments: cases) func tokenClaims(_ tokenCase: Case) async throws {
        let key = P256.Signing.PrivateKey()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicKey.pemRepresentation)
        let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        let now = simulator.clock.now().milliseconds / 1000
        var claims: [String: Any] = [
            "iss": ServerAPIFixture.issuerID, "aud": "appstoreconnect-v1", "bid": tokenCase.bundleID,
            "exp": now + tokenCase.expiresIn,
        ]
        if let issuedAt = tokenCase.issuedAt { claims["iat"] = now + issuedAt }
        let token = try Self.sign(claims, with: key)
        try await withSimulatorRouter(simulator) { client in
            let response = try await client.executeRequest(
                uri: "/inApps/v1/transactions/\(purchase.transactionID)", method: .get,
                headers: [.authorization: "Bearer " + token], body: nil)
            #expect(response.status == (tokenCase.accepted ? .ok : .unauthorized))
        }
    }

    @Test func serverAPIErrorsCarryApplesExactContentType() async throws {
        let key = ServerAPIFixture.key()
        let simulator = try ServerAPIFixture.simulator(publicKeyPEM: key.publicPEM)
        try await withSimulatorRouter(simulator) { client in
            let response = try await ServerAPIFixture.send(
                client, privateKeyPEM: key.privatePEM, .get, "/inApps/v1/transactions/2000000999999999",
                clock: simulator.clock)
            #expect(response.status == .notFound)
            #expect(response.headers[.contentType] == "application/json")
        }
    }

    static func sign(_ claims: [String: Any], with key: P256.Signing.PrivateKey) throws -> String {
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "kid": ServerAPIFixture.keyID, "typ": "JWT"])
        let body = try JSONSerialization.data(withJSONObject: claims)
        let input = Base64URL.encode(header) + "." + Base64URL.encode(body)
        let signature = try key.signature(for: Data(input.utf8)).rawRepresentation
        return input + "." + Base64URL.encode(signature)
    }
}
