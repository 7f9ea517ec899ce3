import Foundation
import Crypto
import PerennialCore
import PerennialServer
import PerennialServices
import Testing

/// Every call of the RevenueCat-compatible listener, made as the SDKs make it, answered in the shape
/// they decode (`RevenueCatDecodingRules`) with the status codes they act on.
@Suite("RevenueCat-compatible API: what the SDKs decode")
struct RevenueCatConformanceTests {
    static let anonymous = "$RCAnonymousID:0123456789abcdef0123456789abcdef"

    @Test(.timeLimit(.minutes(3)))
    func everyCallAnswersInTheShapeTheSDKsDecode() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey(), configureApp: PaywallSetup.pricedCatalog) { harness in
            try await harness.withRevenueCat { sdk in
                // Health needs no key.
                var keyless = sdk
                keyless.key = nil
                #expect(try await keyless.get("/v1/health").status == 200)

                // A new anonymous id is created on its first read (201), known after (200), and unchanged answers are 304.
                let first = try await sdk.subscriber(Self.anonymous)
                #expect(first.status == 201)
                let firstBody = try #require(first.json)
                #expect(RevenueCatDecodingRules.customerInfoProblems(firstBody) == [])
                #expect(Int64(first.requestTime ?? "") != nil)
                #expect(firstBody["subscriber"]?["original_app_user_id"]?.string == Self.anonymous)
                let second = try await sdk.subscriber(Self.anonymous)
                #expect(second.status == 200)
                let tag = try #require(second.eTag)
                let cached = try await sdk.subscriber(Self.anonymous, eTag: tag)
                #expect(cached.status == 304)
                #expect(cached.data.isEmpty)
                #expect(cached.requestTime != nil)
                #expect(try await sdk.subscriber(Self.anonymous, eTag: "").status == 200)

                // A StoreKit 2 purchase, posted as the SDK posts it.
                let purchase = try await harness.simulator.purchase(account: "ann", bundleID: TestHarness.bundleID, productID: "pro.monthly")
                let posted = try await sdk.postReceipt(Self.anonymous, token: try #require(purchase.signedTransactionInfo), productID: "pro.monthly")
                #expect(posted.status == 200)
                let postedBody = try #require(posted.json)
                #expect(RevenueCatDecodingRules.customerInfoProblems(postedBody) == [])
                #expect(RevenueCatDecodingRules.isActive(postedBody, entitlement: "pro"))
                #expect(postedBody["purchased_products"]?["pro.monthly"]?["should_consume"]?.bool == false)
                let subscription = postedBody["subscriber"]?["subscriptions"]?["pro.monthly"]
                #expect(subscription?["store"]?.string == "app_store")
                #expect(subscription?["is_sandbox"]?.bool == true)
                #expect(subscription?["store_transaction_id"]?.string == purchase.transactionID)
                // The content changed, so the old tag no longer matches.
                #expect(try await sdk.subscriber(Self.anonymous, eTag: tag).status == 200)

                // logIn: 201 when the identified customer is new, 200 after; the purchase moved with the anonymous id.
                let login = try await sdk.post("/v1/subscribers/identify", ["app_user_id": Self.anonymous, "new_app_user_id": "ann-user"])
                #expect(login.status == 201)
                let loginBody = try #require(login.json)
                #expect(RevenueCatDecodingRules.customerInfoProblems(loginBody) == [])
                #expect(loginBody["subscriber"]?["original_app_user_id"]?.string == "ann-user")
                #expect(RevenueCatDecodingRules.isActive(loginBody, entitlement: "pro"))
                #expect(try await sdk.post("/v1/subscribers/identify", ["app_user_id": Self.anonymous, "new_app_user_id": "ann-user"]).status == 200)

                try await Self.checkAttributes(sdk, harness: harness)
                try await Self.checkOfferings(sdk, harness: harness)
                try await Self.checkEligibilityAndOffers(sdk)

                for path in ["/v1/events", "/v1/diagnostics", "/v1/subscribers/ann-user/attribution", "/v1/subscribers/ann-user/adservices_attribution"] {
                    #expect(try await sdk.post(path, ["events": []]).status == 200, "\(path)")
                }
            }
        }
    }

    /// Valid attributes are saved; refused ones are named in RevenueCat's 7263 error; RevenueCat's reserved
    /// names come back under their own names (with the secret key).
    static func checkAttributes(_ sdk: RevenueCatSDKClient, harness: TestHarness) async throws {
        let sent: [String: Any] = ["attributes": [
            "$email": ["value": "ann@example.com", "updated_at_ms": 1_767_225_600_000],
            "$displayName": ["value": "Ann", "updated_at_ms": 1_767_225_600_000],
            "$phoneNumber": ["value": "+33 6 00 00 00 00", "updated_at_ms": 1_767_225_600_000],
            "favourite_tree": ["value": "oak", "updated_at_ms": 1_767_225_600_000],
        ]]
        #expect(try await sdk.post("/v1/subscribers/ann-user/attributes", sent).status == 200)
        let refused = try await sdk.post("/v1/subscribers/ann-user/attributes", ["attributes": [
            "$email": ["value": "not an email", "updated_at_ms": 1], "bad name!": ["value": "x", "updated_at_ms": 1],
            "mood": ["value": "calm", "updated_at_ms": 1],
        ]])
        #expect(refused.status == 400)
        let refusal = try #require(refused.json)
        #expect(refusal["code"] == .int(7263))
        #expect(RevenueCatDecodingRules.errorProblems(refusal) == [])
        let named = Set((refusal["attribute_errors"]?.array ?? []).compactMap { $0["key_name"]?.string })
        #expect(named == ["$email", "bad name!"])

        var secret = sdk
        secret.key = TestHarness.secretKey
        let withAttributes = try #require(try await secret.subscriber("ann-user").json)
        let attributes = withAttributes["subscriber"]?["subscriber_attributes"]
        #expect(attributes?["$email"]?["value"]?.string == "ann@example.com")
        #expect(attributes?["$displayName"]?["value"]?.string == "Ann")
        #expect(attributes?["$phoneNumber"]?["value"]?.string == "+33 6 00 00 00 00")
        #expect(attributes?["favourite_tree"]?["value"]?.string == "oak")
        #expect(attributes?["mood"]?["value"]?.string == "calm")
        #expect(try await sdk.subscriber("ann-user").json?["subscriber"]?["subscriber_attributes"] == nil)
        // Removing: a null value.
        #expect(try await sdk.post("/v1/subscribers/ann-user/attributes", ["attributes": ["mood": ["value": NSNull(), "updated_at_ms": 2]]]).status == 200)
        #expect(try await secret.subscriber("ann-user").json?["subscriber"]?["subscriber_attributes"]?["mood"] == nil)
    }

    /// Offerings from the paywall document, and the product-entitlement mapping from the catalog.
    static func checkOfferings(_ sdk: RevenueCatSDKClient, harness: TestHarness) async throws {
        let saved = try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil))
        #expect(saved.status == 201, "\(String(describing: saved.body.value))")
        let offerings = try #require(try await sdk.get("/v1/subscribers/ann-user/offerings").json)
        #expect(RevenueCatDecodingRules.offeringsProblems(offerings) == [])
        #expect(offerings["current_offering_id"]?.string == "default")
        let packages = offerings["offerings"]?.array?.first?["packages"]?.array ?? []
        #expect(packages.compactMap { $0["identifier"]?.string } == ["$rc_monthly", "$rc_annual"])
        #expect(packages.compactMap { $0["platform_product_identifier"]?.string } == ["pro.monthly", "pro.yearly"])

        let mapping = try #require(try await sdk.get("/v1/product_entitlement_mapping").json)
        let monthly = mapping["product_entitlement_mapping"]?["pro.monthly"]
        #expect(monthly?["product_identifier"]?.string == "pro.monthly")
        #expect(monthly?["entitlements"] == .array([.string("pro")]))
        #expect(mapping["product_entitlement_mapping"]?["pro.plus.monthly"]?["entitlements"] == .array([.string("plus"), .string("pro")]))
    }

    /// Intro eligibility (a flat map) and promotional offer signatures.
    static func checkEligibilityAndOffers(_ sdk: RevenueCatSDKClient) async throws {
        let eligibility = try await sdk.post("/v1/subscribers/ann-user/intro_eligibility", [
            "product_identifiers": ["pro.yearly", "coins.100", "unknown.product"], "fetch_token": "MIIT",
        ])
        #expect(eligibility.status == 200)
        let map = try #require(eligibility.json)
        #expect(RevenueCatDecodingRules.eligibilityProblems(map) == [])
        #expect(map["pro.yearly"]?.bool != nil)
        #expect(map["unknown.product"]?.isNull == true)

        let offers = try await sdk.post("/v1/offers", [
            "app_user_id": "ann-user", "fetch_token": "MIIT",
            "generate_offers": [["offer_id": "sorry", "product_id": "pro.monthly", "subscription_group": "pro"],
                                ["offer_id": "nope", "product_id": "pro.monthly", "subscription_group": "pro"]],
        ])
        #expect(offers.status == 200)
        let body = try #require(offers.json)
        #expect(RevenueCatDecodingRules.offersProblems(body) == [])
        #expect(body["offers"]?.array?.last?["signature_error"]?["message"]?.string != nil)
    }

    @Test(.timeLimit(.minutes(3)))
    func refusalsAreInTheShapeTheSDKsParseWithTheStatusTheyActOn() async throws {
        try await TestHarness.run { harness in
            try await harness.withRevenueCat { sdk in
                var stranger = sdk
                stranger.key = "pk_test_not_a_key"
                let refused = try await stranger.subscriber("ann")
                #expect(refused.status == 401)
                #expect(refused.headers[.contentType]?.hasPrefix("application/json") == true)
                #expect(refused.json?["code"] == .int(7225))
                #expect(RevenueCatDecodingRules.errorProblems(try #require(refused.json)) == [])
                var keyless = sdk
                keyless.key = nil
                #expect(try await keyless.subscriber("ann").status == 401)

                // A token the store refuses lets the app finish the transaction (4xx, never 404 or 5xx).
                let forged = try await sdk.postReceipt("ann", token: "eyJhbGciOiJFUzI1NiJ9.e30.c2lnbmF0dXJl", productID: "pro.monthly")
                #expect((400..<500).contains(forged.status) && forged.status != 404, "\(forged.status)")
                #expect(RevenueCatDecodingRules.errorProblems(try #require(forged.json)) == [])
                let garbage = try await sdk.postReceipt("ann", token: "bm90IGEgcmVjZWlwdA==", productID: "pro.monthly")
                #expect((400..<500).contains(garbage.status) && garbage.status != 404, "\(garbage.status)")
                // No platform, a platform no store here serves, no token, a broken body: 4xx with the error body.
                let noPlatform = try await sdk.client.execute(
                    uri: "/v1/receipts", method: .post,
                    headers: [.authorization: "Bearer \(TestHarness.publicKey)", .contentType: "application/json"],
                    body: .init(string: #"{"app_user_id": "ann", "fetch_token": "MIIT"}"#)
                ) { Int($0.status.code) }
                #expect(noPlatform == 400)
                var android = sdk
                android.platform = .android
                #expect(try await android.postReceipt("ann", token: "token", productID: "pro.monthly").status == 422)
                #expect(try await sdk.post("/v1/receipts", ["app_user_id": "ann"]).status == 400)
                let broken = try await sdk.call(.post, "/v1/receipts", body: Data("{\"app_user_id\":".utf8))
                #expect(broken.status == 400)
                #expect(RevenueCatDecodingRules.errorProblems(try #require(broken.json)) == [])
                #expect(try await sdk.subscriber(String(repeating: "x", count: 300)).status == 400)
                #expect(try await sdk.post("/v1/subscribers/identify", ["app_user_id": "ann", "new_app_user_id": "$RCAnonymousID:ffff"]).status == 400)
                #expect(try await sdk.get("/v1/nothing/here").status == 404)
            }
            // A key of an app this listener does not serve is an invalid key.
            try await harness.withRevenueCat(appIDs: ["another-app"]) { sdk in
                let refused = try await sdk.subscriber("ann")
                #expect(refused.status == 401)
                #expect(refused.json?["code"] == .int(7225))
            }
        }
    }

    @Test(.timeLimit(.minutes(3)))
    func aSpentBudgetIsA429WithRetryAfter() async throws {
        var server = ServerSettings()
        server.rateLimits = RateLimitSettings(
            publicKey: RateLimit(perSecond: 1, burst: 2), secretKey: RateLimit(perSecond: 1, burst: 2), notifications: RateLimit(perSecond: 1, burst: 2))
        try await TestHarness.run(server: server) { harness in
            try await harness.withRevenueCat { sdk in
                var statuses: [Int] = []
                for _ in 0..<3 { statuses.append(try await sdk.subscriber("ann").status) }
                #expect(statuses == [201, 200, 429])
                let refused = try await sdk.subscriber("ann")
                #expect(refused.status == 429)
                #expect(Int(refused.headers[.retryAfter] ?? "") != nil)
                #expect(RevenueCatDecodingRules.errorProblems(try #require(refused.json)) == [])
            }
        }
    }
}
