import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialStoreModule
import Testing

/// An app that sends more than its budget gets 429 with Retry-After, per key, until its bucket refills.
@Suite("Rate limits over HTTP")
struct RateLimitAPITests {
    static var tightServer: ServerSettings {
        var server = ServerSettings()
        server.rateLimits = RateLimitSettings(
            publicKey: RateLimit(perSecond: 1, burst: 2), secretKey: RateLimit(perSecond: 0.5, burst: 1),
            notifications: RateLimit(perSecond: 1, burst: 3)
        )
        return server
    }

    @Test func aKeyOverItsBudgetGets429WithRetryAfterUntilItRefills() async throws {
        try await TestHarness.run(extraApps: [Credential.grove], server: Self.tightServer) { harness in
            for _ in 0..<2 { #expect(try await harness.send(.get, "/v1/customers/u", key: TestHarness.publicKey).status == 404) }
            let limited = try await harness.send(.get, "/v1/customers/u", key: TestHarness.publicKey)
            #expect(limited.status == 429)
            #expect(limited.body["error"]["code"].string == "rate_limited")
            #expect(limited.headers[.retryAfter] == "1")
            // The secret key and the other app have budgets of their own.
            #expect(try await harness.send(.get, "/v1/customers/u", key: TestHarness.secretKey).status == 404)
            let secondSecret = try await harness.send(.get, "/v1/customers/u", key: TestHarness.secretKey)
            #expect(secondSecret.status == 429)
            #expect(secondSecret.headers[.retryAfter] == "2")
            #expect(try await harness.send(.get, "/v1/customers/u", key: Credential.grovePublicKey).status == 404)
            #expect(try await harness.isHealthy())
            await harness.advance(days: 1.0 / 86_400)
            #expect(try await harness.send(.get, "/v1/customers/u", key: TestHarness.publicKey).status == 404)
        }
    }

    @Test func rateLimitsAndTheBodyLimitAreReadFromTheConfiguration() throws {
        let yaml = """
            server:
              max_body_bytes: 65536
              rate_limit:
                public: {per_second: 20, burst: 100}
                notifications: {per_second: 0.5, burst: 10}
            apps:
              - id: forest
                bundle_id: com.example.forest
                api_keys: {public: pk_forest_0123456789, secret: sk_forest_0123456789}
                rate_limit:
                  secret: {per_second: 5, burst: 5}
              - id: grove
                bundle_id: com.example.grove
                api_keys: {public: pk_grove_0123456789, secret: sk_grove_0123456789}
            """
        let configuration = try ConfigurationLoader(environment: [:]).parse(yaml, file: "perennial.yaml")
        #expect(configuration.server.maxBodyBytes == 65_536)
        #expect(configuration.server.rateLimits.publicKey == RateLimit(perSecond: 20, burst: 100))
        #expect(configuration.server.rateLimits.secretKey == RateLimitSettings().secretKey)
        #expect(configuration.server.rateLimits.notifications == RateLimit(perSecond: 0.5, burst: 10))
        let forest = try #require(configuration.apps.first { $0.id == "forest" }?.rateLimits)
        #expect(forest.secretKey == RateLimit(perSecond: 5, burst: 5))
        #expect(forest.publicKey == RateLimit(perSecond: 20, burst: 100))
        #expect(configuration.apps.first { $0.id == "grove" }?.rateLimits == nil)
        #expect(ServerSettings().maxBodyBytes == 8 * 1024 * 1024)
    }

    @Test(arguments: [
        "server: {max_body_bytes: 10}", "server: {max_body_bytes: lots}", "server: {rate_limit: {public: {per_second: 0, burst: 1}}}",
        "server: {rate_limit: {public: {per_second: 1}}}", "server: {rate_limit: {admin: {per_second: 1, burst: 1}}}",
        "server: {rate_limit: {secret: {per_second: 1, burst: -1}}}",
    ])
    func badLimitsStopStartup(yaml: String) {
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader(environment: [:]).parse(yaml, file: "perennial.yaml") }
    }

    @Test func theBodyLimitCanComeFromTheEnvironment() throws {
        let configuration = try ConfigurationLoader(environment: ["PERENNIAL_MAX_BODY_BYTES": "2048"]).load(path: nil)
        #expect(configuration.server.maxBodyBytes == 2048)
        #expect(throws: ConfigurationError.self) { try ConfigurationLoader(environment: ["PERENNIAL_MAX_BODY_BYTES": "12"]).load(path: nil) }
    }
}
