import Crypto
import Foundation
import HummingbirdTesting
import NIOCore
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServices
import Testing

/// `perennial doctor`'s checks against the simulators: each problem a server can see, found with its fix,
/// gone once fixed, and shown on /health the same way.
@Suite("Doctor")
struct DoctorTests {
    /// The catalog's Play products: one Play sells (monthly base plan `p-1m`), one it does not.
    static func playCatalog(_ app: inout AppSettings) {
        app.catalog = Catalog(products: app.catalog.products + [
            Product(id: "pro.monthly", type: .autoRenewable, entitlements: ["pro"], store: .playStore, basePlanIDs: ["p-1m"]),
            Product(id: "pro.plus.monthly", type: .autoRenewable, entitlements: ["pro", "plus"], store: .playStore),
            Product(id: "retired.monthly", type: .autoRenewable, entitlements: ["pro"], store: .playStore),
        ])
    }

    /// The stack's doctor, with time for the store checks when the whole suite loads the machine (two cores
    /// shared with PostgreSQL and the crash-safety servers): a timeout here is not what these tests check.
    func doctor(_ harness: TestHarness) -> AppDoctor {
        harness.stack.doctor.checking(within: .seconds(120))
    }

    func codes(_ harness: TestHarness) async -> [String] {
        await doctor(harness).examine(harness.configuration.apps[0]).map(\.code)
    }

    @Test func playSetUpProblemsAreFoundAndCleared() async throws {
        try await TestHarness.run(configureApp: Self.playCatalog, withPlay: true) { harness in
            let play = try #require(harness.play)
            let found = await doctor(harness).examine(harness.configuration.apps[0])
            // pro.plus.monthly's base plan has no offer (no trial, no introductory price).
            // Required, not expected: the lines below index into the findings.
            try #require(found.map(\.code) == ["google_base_plan_without_offer", "google_product_unknown", "google_rtdn_never_received"])
            #expect(found.allSatisfy { $0.store == .playStore && !$0.fix.isEmpty })
            #expect(found[1].problem.contains("retired.monthly"))
            #expect(found[0].problem.contains("pro.plus.monthly/p-1m"))

            try await play.setBasePlanState(productID: "pro.monthly", "INACTIVE")
            await play.setFinancialAccess(false)
            #expect(await codes(harness) == [
                "google_base_plan_inactive", "google_base_plan_without_offer", "google_financial_permission_missing",
                "google_product_unknown", "google_rtdn_never_received",
            ])

            // Fixed in Play Console, and one RTDN arrives.
            try await play.setBasePlanState(productID: "pro.monthly", "ACTIVE")
            await play.setFinancialAccess(true)
            _ = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "dee")
            await play.tick()
            #expect(await play.pushCounts.delivered == 1)
            #expect(await codes(harness) == ["google_base_plan_without_offer", "google_product_unknown"])
        }
    }

    @Test func googleRefusingTheKeyThePackageOrTheAccountIsNamed() async throws {
        try await TestHarness.run(configureApp: Self.playCatalog, withPlay: true) { harness in
            let play = try #require(harness.play)
            // The token endpoint refuses the key.
            try await play.addFault(.httpStatus(400, body: .empty), requests: 1)
            #expect(await codes(harness) == ["google_rtdn_never_received", "google_service_account_refused"])
            #expect(await codes(harness).count == 3, "a token now")
            // With a token: the package is unknown, then the account may not use the API.
            try await play.addFault(.httpStatus(404, body: .empty), requests: 1)
            #expect(await codes(harness) == ["google_package_unknown", "google_rtdn_never_received"])
            try await play.addFault(.httpStatus(403, body: .empty), requests: 1)
            #expect(await codes(harness) == ["google_api_access_denied", "google_rtdn_never_received"])
            try await play.addFault(.httpStatus(503, body: .empty), requests: 10)
            #expect(await codes(harness) == ["google_rtdn_never_received", "google_unreachable"])
        }
    }

    @Test func healthShowsWhatTheDoctorFound() async throws {
        try await TestHarness.run(configureApp: Self.playCatalog, withPlay: true) { harness in
            // An acknowledgement that gave up.
            let jobs = harness.stack.jobs
            try await jobs.enqueue(NewJob(kind: StoreEffectJob.jobKind, appID: "forest", payload: Data("{}".utf8), runAt: harness.clock.now()))
            let job = try #require(try await jobs.claim(kinds: [StoreEffectJob.jobKind], now: harness.clock.now(), leaseMilliseconds: 1_000))
            try await jobs.bury(jobID: job.id, error: "google_api_access_denied")

            await doctor(harness).refresh()
            let health = try await harness.client.execute(uri: "/health", method: .get) { try JSONObject($0.body) }
            #expect(health["status"].string == "degraded")
            let problems = health["problems"].array
            let effects = try #require(problems.first { $0["code"].string == "store_effects_failing" })
            #expect(effects["app"].string == "forest")
            #expect(effects["fix"].string?.contains("perennial jobs retry --all-buried --app forest") == true)
            #expect(effects["message"].string?.contains("google_api_access_denied") == true)
            let unknown = try #require(problems.first { $0["code"].string == "google_product_unknown" })
            #expect(unknown["store"].string == "play_store")
        }
    }

    @Test func appStoreServerAPIKeyRejectedAndNotificationsNeverReceived() async throws {
        let key = P256.Signing.PrivateKey()
        try await TestHarness.run(serverAPIKey: key) { harness in
            #expect(await codes(harness) == ["app_store_notifications_never_received"])
        }
        try await TestHarness.run(serverAPIKey: key, configureApp: { app in
            app.apple?.serverAPI?.privateKeyPEM = P256.Signing.PrivateKey().pemRepresentation
        }) { harness in
            #expect(await codes(harness) == ["app_store_notifications_never_received", "app_store_server_api_key_rejected"])
        }
    }
}
