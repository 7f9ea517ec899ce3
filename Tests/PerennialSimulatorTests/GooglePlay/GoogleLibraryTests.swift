import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import PerennialTesting
import Testing

/// Google's own Python clients (google-auth's service-account credentials, google-api-python-client's
/// bundled androidpublisher v3), unchanged but for the endpoint and the key file's token_uri, against a
/// live Play simulator.
@Suite struct GoogleLibraryTests {
    static let library = PythonClientEnvironment(requirement: "google-api-python-client==2.202.0")
    static let script = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/google_play_client.py")
    static let scenarios = Fixtures.repositoryRoot.appendingPathComponent("Tests/Clients/google_play_scenarios.py")
    static let packageName = "com.example.perennial"
    static let pushTarget = PlayPushTarget(
        endpoint: "https://perennial.test/v1/google/notifications/example", audience: "https://perennial.test/v1/google/notifications/example",
        serviceAccountEmail: "rtdn-push@perennial-simulator.iam.gserviceaccount.com"
    )

    @Test(.timeLimit(.minutes(5))) func subscriptionsV2GetAcknowledgeAndOrdersWorkFromGooglesPythonClient() async throws {
        let python = try await Self.library.python()
        let clock = SimulatorClock(start: Instant(milliseconds: 1_767_225_600_000), rate: 0)
        let simulator = try AppStoreSimulator(configuration: .example(timeScale: .manual), clock: clock)
        let play = try PlaySimulator(
            packageName: "com.example.perennial",
            products: [PlaySimulatorProduct(productID: "pro.monthly", basePlanID: "monthly", freeTrialOfferID: "trial")],
            clock: clock
        )
        let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann", freeTrial: true)
        let app = SimulatorServer.makeApplication(simulator: simulator, play: play, port: 0)
        try await app.test(.live) { client in
            let base = "http://127.0.0.1:\(client.port ?? 0)"
            let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("play-key-\(UUID().uuidString).json")
            try await play.keyFile(tokenURI: base + "/token").write(to: keyFile)
            defer { try? FileManager.default.removeItem(at: keyFile) }
            let arguments: [String: any Sendable] = [
                "key_file": keyFile.path, "api_endpoint": base, "package_name": "com.example.perennial",
                "product_id": "pro.monthly", "token": token,
            ]
            let outcome = try await ChildProcess(executable: python, arguments: [Self.script.path]).run(
                input: try JSONSerialization.data(withJSONObject: arguments))
            try #require(outcome.status == 0, "the client failed: \(outcome.errorText)")
            let seen = try #require(try JSONSerialization.jsonObject(with: outcome.output) as? [String: Any])
            let before = try #require(seen["before"] as? [String: Any])
            let after = try #require(seen["after"] as? [String: Any])
            #expect(before["subscriptionState"] as? String == "SUBSCRIPTION_STATE_ACTIVE")
            #expect(before["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_PENDING")
            #expect(after["acknowledgementState"] as? String == "ACKNOWLEDGEMENT_STATE_ACKNOWLEDGED")
            let item = try #require((before["lineItems"] as? [[String: Any]])?.first)
            #expect(item["productId"] as? String == "pro.monthly")
            #expect((item["offerPhase"] as? [String: Any])?["freeTrial"] != nil)
            let unknown = seen["unknown"] as? [String: Any]
            #expect(unknown?["status"] as? Int == 404)

            // The trial's order, by orders.get and orders.batchget: free, in the free trial phase.
            let order = try #require(seen["order"] as? [String: Any])
            #expect(order["orderId"] as? String == before["latestOrderId"] as? String)
            #expect(order["purchaseToken"] as? String == token)
            #expect(order["state"] as? String == "PROCESSED")
            let total = order["total"] as? [String: Any]
            #expect(total?["units"] as? String == "0")
            #expect(total?["nanos"] as? Int == 0)
            let details = (order["lineItems"] as? [[String: Any]])?.first?["subscriptionDetails"] as? [String: Any]
            #expect(details?["offerPhase"] as? String == "FREE_TRIAL")
            #expect(details?["offerId"] as? String == "trial")
            let batch = (seen["orders"] as? [String: Any])?["orders"] as? [[String: Any]]
            #expect(batch?.map { $0["orderId"] as? String } == [order["orderId"] as? String])
        }
    }

    // MARK: Voided purchases, pushes, deferrals and the v1 methods

    @Test(.timeLimit(.minutes(5))) func voidedPurchasesListSubscriptionsOnlyWithTypeOne() async throws {
        let python = try await Self.library.python()
        let play = try Self.makePlay(SimulatorClock(start: Instant(milliseconds: 1_767_225_600_000), rate: 0))
        let subscription = try await play.purchase(productID: "pro.monthly")
        let product = try await play.buyProduct(productID: "coins.100")
        try await play.refund(token: subscription)
        try await play.refund(token: product)
        let seen = try await Self.run(python, play: play, ["scenario": "voided"])
        #expect(seen["default"] as? [String] == [product], "Google's default, type 0, lists one-time products only")
        #expect(seen["type0"] as? [String] == [product])
        #expect(seen["type1"] as? [String] == [subscription, product])
    }

    /// Google signs each push when it sends it: after the simulated clock has moved hours ahead of the wall
    /// clock, google-auth still verifies the pushes, among them the deferral's SUBSCRIPTION_DEFERRED.
    @Test(.timeLimit(.minutes(5))) func pushesAfterAClockAdvanceAndTheDeferralAreVerifiedByGoogleAuth() async throws {
        let python = try await Self.library.python()
        let clock = SimulatorClock(start: SystemClock().now(), rate: 0)
        let play = try Self.makePlay(clock)
        let pushes = RecordingPushSender()
        await play.setPush(Self.pushTarget, sender: pushes)
        let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann")
        try await play.acknowledge(productID: "pro.monthly", token: token)
        clock.advance(by: .seconds(3 * 3_600))
        await play.tick()
        let deferral = try await Self.run(python, play: play, ["scenario": "defer", "token": token])
        await play.deliver()

        let before = try #require(deferral["before"] as? [String: Any])
        let after = try #require(deferral["after"] as? [String: Any])
        let expiry = try #require((deferral["deferred"] as? [String: Any]).flatMap { ($0["itemExpiryTimeDetails"] as? [[String: Any]])?.first })
        #expect(expiry["expiryTime"] as? String == Self.lineItemExpiry(after))
        #expect(Self.lineItemExpiry(before) != Self.lineItemExpiry(after))

        let recorded = pushes.pushes
        let verified = try await Self.run(python, play: play, [
            "scenario": "verify_pushes", "audience": Self.pushTarget.audience,
            "pushes": recorded.map { ["authorization": $0.authorization, "body": String(decoding: $0.body, as: UTF8.self)] },
        ])
        let seen = try #require(verified["pushes"] as? [[String: Any]])
        #expect(seen.count == recorded.count)
        for push in seen {
            #expect(push["error"] == nil, "google-auth refused a push: \(push["error"] ?? "")")
            let claims = push["claims"] as? [String: Any]
            #expect(claims?["email"] as? String == Self.pushTarget.serviceAccountEmail)
            #expect(claims?["aud"] as? String == Self.pushTarget.audience)
        }
        let types = recorded.compactMap(\.subscriptionNotificationType)
        #expect(types.first == 4, "SUBSCRIPTION_PURCHASED")
        #expect(types.contains(2), "SUBSCRIPTION_RENEWED, after the clock moved")
        #expect(types.last == 9, "SUBSCRIPTION_DEFERRED")
    }

    @Test(.timeLimit(.minutes(5))) func theV1SubscriptionsMethodsAnswerInGooglesV1Shapes() async throws {
        let python = try await Self.library.python()
        let play = try Self.makePlay(SimulatorClock(start: Instant(milliseconds: 1_767_225_600_000), rate: 0))
        let pushes = RecordingPushSender()
        await play.setPush(Self.pushTarget, sender: pushes)
        let token = try await play.purchase(productID: "pro.monthly", obfuscatedAccountID: "ann", freeTrial: true)
        let seen = try await Self.run(python, play: play, ["scenario": "v1", "token": token, "product_id": "pro.monthly"])
        await play.deliver()

        let before = try #require((seen["before"] as? [String: Any])?["body"] as? [String: Any])
        #expect(before["kind"] as? String == "androidpublisher#subscriptionPurchase")
        #expect(before["startTimeMillis"] as? String == "1767225600000")
        #expect(before["expiryTimeMillis"] as? String == "1767225780000", "a trial of 3 minutes")
        #expect(before["autoRenewing"] as? Bool == true)
        #expect(before["paymentState"] as? Int == 2, "free trial")
        #expect(before["acknowledgementState"] as? Int == 0)
        #expect(before["priceAmountMicros"] as? String == "4990000")
        #expect(before["priceCurrencyCode"] as? String == "USD")
        #expect(before["countryCode"] as? String == "US")
        #expect(before["obfuscatedExternalAccountId"] as? String == "ann")
        #expect((before["orderId"] as? String)?.hasPrefix("GPA.") == true)
        #expect(before["cancelReason"] == nil)

        let stale = seen["stale"] as? [String: Any]
        #expect(stale?["status"] as? Int == 400, "a deferral expecting another expiry time is refused")
        #expect((seen["deferred"] as? [String: Any])?["newExpiryTimeMillis"] as? String == "1767312180000")
        let deferred = try #require((seen["after_defer"] as? [String: Any])?["body"] as? [String: Any])
        #expect(deferred["expiryTimeMillis"] as? String == "1767312180000")
        let canceled = try #require((seen["after_cancel"] as? [String: Any])?["body"] as? [String: Any])
        #expect(canceled["autoRenewing"] as? Bool == false)
        #expect(canceled["cancelReason"] as? Int == 3, "canceled by the developer")
        #expect((seen["unknown"] as? [String: Any])?["status"] as? Int == 404)
        #expect(pushes.pushes.compactMap(\.subscriptionNotificationType) == [4, 9, 3], "purchased, deferred, canceled")
    }

    /// A Play simulator of `com.example.perennial`: `pro.monthly` with a free trial, and the one-time product `coins.100`.
    static func makePlay(_ clock: SimulatorClock) throws -> PlaySimulator {
        try PlaySimulator(
            packageName: packageName,
            products: [PlaySimulatorProduct(productID: "pro.monthly", basePlanID: "monthly", freeTrialOfferID: "trial")],
            oneTimeProductIDs: ["coins.100"], clock: clock
        )
    }

    /// Runs one scenario of `google_play_scenarios.py` against `play` served live, with its key file; what it printed.
    static func run(_ python: URL, play: PlaySimulator, _ arguments: [String: any Sendable]) async throws -> [String: Any] {
        let simulator = try AppStoreSimulator(
            configuration: .example(timeScale: .manual), clock: SimulatorClock(start: Instant(milliseconds: 0), rate: 0)
        )
        let app = SimulatorServer.makeApplication(simulator: simulator, play: play, port: 0)
        let output = try await app.test(.live) { client in
            let base = "http://127.0.0.1:\(client.port ?? 0)"
            let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("play-key-\(UUID().uuidString).json")
            try await play.keyFile(tokenURI: base + "/token").write(to: keyFile)
            defer { try? FileManager.default.removeItem(at: keyFile) }
            var input: [String: any Sendable] = ["key_file": keyFile.path, "api_endpoint": base, "package_name": packageName]
            input.merge(arguments) { $1 }
            let outcome = try await ChildProcess(executable: python, arguments: [scenarios.path]).run(
                input: try JSONSerialization.data(withJSONObject: input))
            try #require(outcome.status == 0, "the client failed: \(outcome.errorText)")
            return outcome.output
        }
        return try #require(try JSONSerialization.jsonObject(with: output) as? [String: Any])
    }

    /// The first line item's `expiryTime` of a `subscriptionsv2.get` body.
    static func lineItemExpiry(_ subscription: [String: Any]) -> String? {
        (subscription["lineItems"] as? [[String: Any]])?.first?["expiryTime"] as? String
    }
}
