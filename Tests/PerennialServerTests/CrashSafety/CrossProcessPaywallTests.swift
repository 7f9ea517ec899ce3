import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialServer
import PerennialServices
import Testing

/// Two servers on one PostgreSQL database: a paywall revision saved through one is served by the other
/// once the save's notification has reached it, without a restart and without a database read per request
/// before that (its newest document is known newest while its customer cache's generation stands).
extension CrashSafetyTests {
    @Suite("Paywalls across processes")
    struct CrossProcessPaywallTests {
        @Test(.enabled(if: CrashSafetyDatabase.postgresURL != nil, "PERENNIAL_TEST_POSTGRES_URL is not set"), .timeLimit(.minutes(4)))
        func aRevisionSavedByAnotherServerIsServedAfterItsNotification() async throws {
            try await CrossProcessCacheTests.withTwoServers(configureApp: PaywallSetup.pricedCatalog) { harness, other, cache in
                #expect(try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil)).status == 201)
                try await Self.scenario(harness, other: other, cache: cache)
            }
        }

        static func scenario(_ harness: TestHarness, other: PerennialStack, cache: CustomerViewCache) async throws {
            let first = try await PaywallSetup.paywall(harness, "ann", "placement=onboarding&platform=ios")
            #expect(first.body["revision"].int == 1 && first.body["strings"]["title"].string == "Go Pro", "\(first.body)")
            var changed = PaywallSetup.document(stripePrice: nil)
            var paywalls = try #require(changed["paywalls"] as? [[String: Any]])
            paywalls[0] = PaywallSetup.paywall("plain", title: "Saved elsewhere", frenchTitle: "Ailleurs")
            changed["paywalls"] = paywalls
            let body = try JSONSerialization.data(withJSONObject: changed)
            let kept = cache.generation
            try await Application(router: other.router()).test(.router) { client in
                let status = try await client.execute(
                    uri: "/v1/admin/paywalls?base_revision=1", method: .put,
                    headers: [.authorization: "Bearer \(TestHarness.secretKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
                ) { Int($0.status.code) }
                #expect(status == 201)
            }
            try await CrossProcessCacheTests.waitUntil { cache.generation != kept }
            let second = try await PaywallSetup.paywall(harness, "ann", "placement=onboarding&platform=ios")
            #expect(second.body["revision"].int == 2 && second.body["strings"]["title"].string == "Saved elsewhere", "\(second.body)")
        }
    }
}
