import Foundation
import HTTPTypes
import PerennialServer
import PerennialServices
import PerennialTesting
import Testing

/// A flood on the unauthenticated notification endpoint: once the sender's budget of notifications that fail
/// verification is spent, 429 with Retry-After, nothing more is stored, and the rest of the server answers.
@Suite("Notification floods")
struct NotificationFloodTests {
    @Test func aFloodIsCutOffAt429AndTheServerStaysUp() async throws {
        let signing = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        let forger = SignedDataTests.Signing(ca: try TestCertificateAuthority())
        var server = ServerSettings()
        server.rateLimits.rejectedNotificationsPerAddress = RateLimit(perSecond: 1, burst: 5)
        server.trustedProxyHeader = "X-Forwarded-For"
        let flooder: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.66"]
        let bystander: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "198.51.100.1"]
        try await TestHarness.run(signedDataRoot: signing.ca.rootDER, extraApps: [Credential.grove], server: server) { harness in
            let before = try await StoredRowCounts.read(harness.stack)
            var statuses: [Int] = []
            for _ in 0..<60 {
                let body = forger.notification("DID_RENEW", transaction: forger.transaction(), renewalInfo: nil)
                let response = try await harness.send(.post, "/v1/apple/notifications/forest", body: body, headers: flooder)
                #expect(response.isClientErrorEnvelope)
                if response.status == 429 {
                    #expect(response.body["error"]["code"].string == "rate_limited")
                    #expect(Int(response.headers[.retryAfter] ?? "") ?? 0 >= 1)
                }
                statuses.append(response.status)
            }
            #expect(statuses.prefix(5).allSatisfy { $0 != 429 })
            #expect(statuses.dropFirst(5).allSatisfy { $0 == 429 })
            let after = try await StoredRowCounts.read(harness.stack)
            #expect(after.ledger == before.ledger)
            #expect(after.notifications == before.notifications + 5)
            // The app's keys, other senders' notifications and /health are not affected.
            #expect(try await harness.isHealthy())
            #expect(try await harness.send(.get, "/v1/customers/u", key: TestHarness.publicKey).status == 404)
            #expect(try await harness.send(.post, "/v1/apple/notifications/grove", body: Data("{}".utf8), headers: bystander).status != 429)
            #expect(try await harness.send(.post, "/v1/apple/notifications/nowhere", body: Data("{}".utf8), headers: bystander).status == 404)
            #expect(try await harness.send(.post, "/v1/apple/notifications/grove", body: Data("{}".utf8), headers: flooder).status == 429)
            await harness.advance(days: 1.0 / 86_400)
            let genuine = signing.notification("SUBSCRIBED", transaction: signing.transaction(), renewalInfo: nil)
            #expect(try await harness.send(.post, "/v1/apple/notifications/forest", body: genuine, headers: bystander).status == 200)
        }
    }
}
