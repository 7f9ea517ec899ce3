import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import Testing

/// RevenueCat's SDK flows end to end against the stores' simulators, on SQLite and PostgreSQL: the
/// subscriber object the SDK reads after each step.
@Suite("RevenueCat-compatible API: the SDKs' flows against the simulators")
struct RevenueCatStoreFlowTests {
    /// Runs `body` with a harness on a fresh database of `kind`.
    static func withHarness(
        _ kind: CrashSafetyDatabase.Kind, withPlay: Bool = false, configureApp: @escaping @Sendable (inout AppSettings) -> Void = { _ in },
        _ body: @escaping @Sendable (TestHarness) async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try await CrashSafetyDatabase.make(kind, in: directory)
        var server = ServerSettings()
        server.databasePoolSize = 4
        do {
            try await TestHarness.run(
                notificationVersions: [2], configureApp: configureApp, server: server, databaseURL: database.url, withPlay: withPlay, body)
        } catch {
            await database.dispose()
            throw error
        }
        await database.dispose()
    }

    /// The subscriber object now, checked against the SDKs' rules.
    static func read(_ sdk: RevenueCatSDKClient, _ appUserID: String) async throws -> StrictJSON {
        let reply = try await sdk.subscriber(appUserID)
        #expect(reply.status == 200)
        let body = try #require(reply.json)
        #expect(RevenueCatDecodingRules.customerInfoProblems(body) == [])
        return body
    }

    @Test(.timeLimit(.minutes(4)), arguments: CrashSafetyDatabase.Kind.available)
    func storeKit2PurchaseRenewsThenIsRefunded(_ kind: CrashSafetyDatabase.Kind) async throws {
        try await Self.withHarness(kind) { harness in
            try await harness.withRevenueCat { sdk in
                let simulator = harness.simulator
                let purchase = try await simulator.purchase(account: "sol", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                let posted = try await sdk.postReceipt("sol", token: try #require(purchase.signedTransactionInfo), productID: "pro.monthly")
                #expect(posted.status == 200)
                var body = try await Self.read(sdk, "sol")
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))
                let firstPurchaseDate = body["subscriber"]?["subscriptions"]?["pro.monthly"]?["purchase_date"]?.string

                // The renewal reaches Perennial as the App Store's notification; the SDK sees the new period.
                let summary = try await simulator.subscription(originalTransactionID: purchase.originalTransactionID)
                await harness.advanceTo(summary.expiresAt, plusDays: 1)
                await simulator.deliverDueNotifications()
                body = try await Self.read(sdk, "sol")
                let renewed = body["subscriber"]?["subscriptions"]?["pro.monthly"]
                #expect(renewed?["purchase_date"]?.string != firstPurchaseDate)
                #expect(renewed?["refunded_at"]?.isNull == true)
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))

                // Cancelling shows as `unsubscribe_detected_at` (the SDK's willRenew false), access kept.
                _ = try await simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
                await simulator.deliverDueNotifications()
                body = try await Self.read(sdk, "sol")
                #expect(body["subscriber"]?["subscriptions"]?["pro.monthly"]?["unsubscribe_detected_at"]?.string != nil)
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))

                // A refund ends access: refunded_at set, and no expiry after the request.
                try await simulator.refund(originalTransactionID: purchase.originalTransactionID)
                await simulator.deliverDueNotifications()
                body = try await Self.read(sdk, "sol")
                #expect(body["subscriber"]?["subscriptions"]?["pro.monthly"]?["refunded_at"]?.string != nil)
                #expect(!RevenueCatDecodingRules.isActive(body, entitlement: "pro"))
                #expect(body["subscriber"]?["entitlements"]?["pro"] != nil)
            }
        }
    }

    @Test(.timeLimit(.minutes(4)), arguments: CrashSafetyDatabase.Kind.available)
    func playPurchaseLogInAndRestoreOnANewDevice(_ kind: CrashSafetyDatabase.Kind) async throws {
        try await Self.withHarness(kind, withPlay: true, configureApp: { app in
            app.catalog = Catalog(products: app.catalog.products.map { product in
                var product = product
                if product.id == "pro.monthly" { product.basePlanIDs = ["p-1m"] }
                return product
            })
        }) { harness in
            try await harness.withRevenueCat { sdk in
                var android = sdk
                android.platform = .android
                let phone = "$RCAnonymousID:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                #expect(try await android.subscriber(phone).status == 201)
                let token = try await harness.play!.purchase(productID: "pro.monthly")
                let posted = try await android.postReceipt(phone, token: token, productID: "pro.monthly")
                #expect(posted.status == 200)
                var body = try await Self.read(android, phone)
                let subscription = body["subscriber"]?["subscriptions"]?["pro.monthly"]
                #expect(subscription?["store"]?.string == "play_store")
                #expect(subscription?["product_plan_identifier"]?.string == "p-1m")
                #expect(body["subscriber"]?["entitlements"]?["pro"]?["product_plan_identifier"]?.string == "p-1m")
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))

                // logIn merges the anonymous id into the person; the anonymous id reads as the person after.
                let login = try await android.post("/v1/subscribers/identify", ["app_user_id": phone, "new_app_user_id": "pat"])
                #expect(login.status == 201)
                body = try await Self.read(android, "pat")
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))
                #expect(try await Self.read(android, phone)["subscriber"]?["original_app_user_id"]?.string == "pat")

                // A new device: a new anonymous id restores the purchase, then the person logs in there too.
                let tablet = "$RCAnonymousID:bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
                #expect(try await android.subscriber(tablet).status == 201)
                let restored = try await android.postReceipt(tablet, token: token, productID: "pro.monthly", isRestore: true)
                #expect(restored.status == 200)
                #expect(RevenueCatDecodingRules.isActive(try #require(restored.json), entitlement: "pro"))
                #expect(try await android.post("/v1/subscribers/identify", ["app_user_id": tablet, "new_app_user_id": "pat"]).status == 200)
                body = try await Self.read(android, "pat")
                #expect(RevenueCatDecodingRules.isActive(body, entitlement: "pro"))
                #expect(body["subscriber"]?["subscriptions"]?.object?.count == 1)
            }
        }
    }
}
