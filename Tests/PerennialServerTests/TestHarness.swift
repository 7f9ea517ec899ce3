import AsyncHTTPClient
import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialAppStoreAdapter
import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayRoutes
import PerennialHTTP
import PerennialOutbound
import PerennialServer
import PerennialServices
import PerennialSimulator
import PerennialStoreModule
import PerennialStripe
import PerennialStripeAdapter
import Testing

/// A simulator on a loopback port and a Perennial stack (in-memory SQLite) that validates receipts against
/// it, both on the simulator's manual clock.
struct TestHarness {
    static let bundleID = "com.example.perennial"
    static let publicKey = "pk_test_0123456789abcdef"
    static let secretKey = "sk_test_0123456789abcdef"
    static let sharedSecret = SimulatorConfiguration.example().apps[0].sharedSecret ?? ""
    static let start = Instant(milliseconds: 1_767_225_600_000)  // 2026-01-01T00:00:00Z

    let simulator: AppStoreSimulator
    /// Google Play beside the App Store, when the test asked for it (`withPlay`).
    var play: PlaySimulator?
    /// Stripe beside them, when the test asked for it (`withStripe`): the catalog sells `stripePriceID` on
    /// the web, and the simulator's webhooks reach Perennial's router.
    var stripe: StripeSimulator?
    var stripePriceID: String?
    let clock: SimulatorClock
    let stack: PerennialStack
    let client: any TestClientProtocol
    /// The configuration the stack was opened with, for tests that open another Perennial beside it.
    let configuration: PerennialConfiguration

    static func catalog() -> Catalog {
        Catalog(products: [
            Product(id: "pro.plus.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 1, entitlements: ["pro", "plus"]),
            Product(id: "pro.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"], offers: [
                SubscriptionOffer(id: "retain50", productID: "pro.monthly", paymentMode: .payAsYouGo, periods: 3, price: "4.99", rule: .retention,
                                  maximumRedemptions: 1),
                SubscriptionOffer(id: "sorry", productID: "pro.monthly", paymentMode: .free, periods: 1, rule: .customerService),
                SubscriptionOffer(id: "stay", productID: "pro.monthly", paymentMode: .free, periods: 1, rule: .save(threshold: 60)),
            ]),
            Product(id: "pro.yearly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"]),
            Product(id: "pro.quarterly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"]),
            Product(id: "basic.monthly", type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 3, entitlements: ["basic"]),
            Product(id: "coins.100", type: .consumable, entitlements: ["coins"]),
            Product(id: "lifetime", type: .nonConsumable, entitlements: ["pro"]),
        ])
    }

    /// Runs `body` with a live simulator and an in-process Perennial, then shuts both down.
    /// `extraApps` are served beside `forest`; `server` sets the body and rate limits. The database is in
    /// memory unless `databaseURL` names one; the master key is random unless given. `stores` and
    /// `makeStoreRoutes` add stores beside the App Store; `payPal` answers the calls to `paypal.test`, `square` those to
    /// `square.test`, `adyen` those to `adyen.test`;
    /// `outboundCalls` counts the calls to the stores.
    static func run(
        sharedSecret: String? = nil, previousSharedSecret: String? = nil, appBundleID: String = bundleID,
        signedDataRoot: Data? = nil, notificationVersions: Set<Int> = [],
        receiptValidation: ReceiptValidationMode = .verifyReceipt, serverAPIKey: P256.Signing.PrivateKey? = nil,
        offerKey: P256.Signing.PrivateKey? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(attempts: 2, baseDelay: .milliseconds(5), maxDelay: .milliseconds(20)),
        verifyTimeout: Duration = .seconds(10), purchasePatience: Duration = .seconds(60), configureApp: @Sendable (inout AppSettings) -> Void = { _ in },
        extraApps: [AppSettings] = [], server: ServerSettings? = nil, databaseURL: String = "sqlite::memory:",
        masterKey: Data = SecretBox.generateMasterKey(), previousMasterKeys: [Data] = [], stores: [any StoreAdapter] = [],
        makeStoreRoutes: @Sendable (FactIngestor) -> [any StoreRoutes] = { _ in [] },
        google: GooglePlaySettings? = nil, googleTransport: (any HTTPTransport)? = nil, withPlay: Bool = false,
        playPull: (subscription: String, baseURL: String)? = nil, playPushSender: (any PlayPushSender)? = nil,
        configureGoogle: @Sendable (inout GooglePlaySettings) -> Void = { _ in },
        withStripe: Bool = false, configureStripe: @Sendable (inout StripeSettings) -> Void = { _ in },
        payPal: (any HTTPTransport)? = nil, square: (any HTTPTransport)? = nil, adyen: (any HTTPTransport)? = nil,
        configuredWebhooks: [ConfiguredWebhookEndpoint] = [], outboundCalls: OutboundCallCounter? = nil,
        _ body: @Sendable (TestHarness) async throws -> Void
    ) async throws {
        TestLogging.bootstrap()
        var configuration = SimulatorConfiguration.example(timeScale: .manual, start: start)
        if notificationVersions.contains(2) { configuration.apps[0].notificationURL = "http://perennial.test/v1/apple/notifications/forest" }
        if let offerKey {
            configuration.apps[0].offerKeys = [SimulatorOfferKey(keyID: "OFFERKEY1", publicKeyPEM: offerKey.publicKey.pemRepresentation)]
            if let index = configuration.apps[0].products.firstIndex(where: { $0.id == "pro.monthly" }) {
                configuration.apps[0].products[index].promotionalOffers = [
                    SimulatorPromotionalOffer(id: "retain50", type: .payAsYouGo, periods: 3, priceMilliunits: 4_990),
                ]
            }
        }
        if let serverAPIKey {
            configuration.apps[0].serverAPI = SimulatorServerAPIKey(
                issuerID: "issuer-1", keyID: "KEY1", publicKeyPEM: serverAPIKey.publicKey.pemRepresentation
            )
        }
        if notificationVersions.contains(1) { configuration.apps[0].notificationURLV1 = "http://perennial.test/v1/apple/notifications/forest" }
        let clock = SimulatorClock(start: start, rate: 0)
        let simulator = try AppStoreSimulator(configuration: configuration, clock: clock)
        let play = try withPlay ? PlaySimulator(app: configuration.apps[0], clock: clock) : nil
        let stripe = withStripe ? StripeSimulator(secretKey: stripeSecretKey, clock: clock) : nil
        var createdPrice: String?
        if let stripe { createdPrice = try await Self.stripeMonthlyPrice(stripe) }
        let stripePriceID = createdPrice
        let simulatorApp = SimulatorServer.makeApplication(simulator: simulator, play: play, stripe: stripe, port: 0)
        let secret = sharedSecret ?? configuration.apps[0].sharedSecret ?? ""
        try await simulatorApp.test(.live) { simulatorClient in
            let base = "http://127.0.0.1:\(simulatorClient.port!)"
            var app = AppSettings(
                id: "forest", bundleID: appBundleID,
                apple: AppleSettings(
                    sharedSecret: secret, previousSharedSecret: previousSharedSecret,
                    productionVerifyReceiptURL: base + "/production/verifyReceipt",
                    sandboxVerifyReceiptURL: base + "/sandbox/verifyReceipt",
                    environments: ["Sandbox"],
                    trustedRoots: [Array(signedDataRoot ?? simulator.signingAuthority.rootCertificateDER)],
                    receiptValidation: receiptValidation,
                    serverAPI: serverAPIKey.map {
                        ServerAPISettings(issuerID: "issuer-1", keyID: "KEY1", privateKeyPEM: $0.pemRepresentation, baseURL: base + "/sandbox")
                    }
                ),
                catalog: catalog(), publicAPIKey: publicKey, secretAPIKey: secretKey
            )
            if let stripePriceID {
                app.catalog = Catalog(products: app.catalog.products + [Product(
                    id: stripePriceID, type: .autoRenewable, subscriptionGroup: "pro", groupLevel: 2, entitlements: ["pro"], store: .stripe)])
            }
            if let offerKey {
                app.apple?.offerKeys = [OfferKeySettings(id: "OFFERKEY1", privateKeyPEM: offerKey.pemRepresentation)]
                app.apple?.offerSigningKeyID = "OFFERKEY1"
                app.apple?.offerIssuerID = "issuer-1"
            }
            configureApp(&app)
            var perennial = PerennialConfiguration(server: server ?? ServerSettings(), apps: [app] + extraApps)
            perennial.server.databaseURL = databaseURL
            // Generous unless a test measures it: under a full parallel run a store's answer may take seconds.
            perennial.server.purchasePatience = purchasePatience
            if !configuredWebhooks.isEmpty { perennial.webhooks["forest"] = configuredWebhooks }
            if let google { perennial.apps[0].storeSettings[.playStore] = google }
            if let play {
                var settings = try await Self.googleSettings(play: play, base: base)
                settings.pullSubscription = playPull?.subscription
                if let pubSub = playPull?.baseURL { settings.pubSubBaseURL = pubSub }
                configureGoogle(&settings)
                perennial.apps[0].storeSettings[.playStore] = settings
            }
            if stripe != nil {
                var settings = StripeSettings(
                    secretKey: StripeSecretKey(stripeSecretKey), webhookSecrets: [stripeWebhookSecret], apiBaseURL: base,
                    checkout: .init(successURL: "https://app.example/done", cancelURL: "https://app.example/cancel", trialDays: 7),
                    portalReturnURL: "https://app.example/account"
                )
                configureStripe(&settings)
                perennial.apps[0].storeSettings[.stripe] = settings
            }
            let network = outboundCalls?.counting(AsyncHTTPClientTransport(client: .shared)) ?? AsyncHTTPClientTransport(client: .shared)
            let googleRouted: any HTTPTransport = googleTransport.map { GoogleRoutingTransport(google: $0, network: network) } ?? network
            let stack = try await PerennialStack.open(
                configuration: perennial, masterKey: masterKey, previousMasterKeys: previousMasterKeys, clock: clock,
                transport: StoreHostRouting(hosts: ["paypal.test": payPal, "square.test": square, "adyen.test": adyen].compactMapValues { $0 }, network: googleRouted),
                verifyRetryPolicy: retryPolicy,
                verifyTimeout: verifyTimeout,
                jobRetry: .init(base: .milliseconds(10), maximum: .milliseconds(50), maximumAttempts: 3),
                stores: stores, makeStoreRoutes: makeStoreRoutes, reloadSource: { [perennial] in perennial },
                passwordHasher: .forTests
            )
            let configuration = perennial
            do {
                try await Application(router: stack.router()).test(.router) { client in
                    await simulator.setNotificationSender(RouterNotificationSender(client: client))
                    await play?.setPush(Self.playPushTarget, sender: playPushSender ?? RouterPushSender(client: client))
                    await stripe?.setWebhookSender(RouterStripeWebhookSender(client: client))
                    _ = await stripe?.setWebhookEndpoint(url: "http://perennial.test/v1/stripe/webhooks/forest", secret: stripeWebhookSecret)
                    try await body(TestHarness(
                        simulator: simulator, play: play, stripe: stripe, stripePriceID: stripePriceID, clock: clock, stack: stack,
                        client: client, configuration: configuration))
                }
            } catch {
                await stack.shutdown()
                throw error
            }
            await stack.shutdown()
        }
    }

    static let stripeSecretKey = "sk_test_harness_0123456789"
    static let stripeWebhookSecret = "whsec_harness_0123456789"

    /// A product and its monthly price of $9.99 in the Stripe simulator (called with `key`); the price's id.
    static func stripeMonthlyPrice(_ stripe: StripeSimulator, key: String = stripeSecretKey) async throws -> String {
        let product = try await callStripe(stripe, "POST", "/v1/products", [("name", "Pro (web)")], key: key)
        let price = try await callStripe(stripe, "POST", "/v1/prices", [
            ("product", product["id"]?.string ?? ""), ("currency", "usd"), ("unit_amount", "999"), ("recurring[interval]", "month"),
        ], key: key)
        return try #require(price["id"]?.string)
    }

    /// One Stripe API call on the simulator, with `key` (the harness's by default); its JSON, which must come
    /// with a 200.
    static func callStripe(
        _ stripe: StripeSimulator, _ method: String, _ path: String, _ pairs: [(String, String)], key: String = stripeSecretKey
    ) async throws -> StripeSimulatedJSON {
        let response = await stripe.handle(StripeSimulatedRequest(
            method: method, path: path, params: StripeSimulatedParams(pairs: pairs), authorization: "Bearer \(key)"))
        try #require(response.status == 200, "\(method) \(path): \(String(decoding: response.body, as: UTF8.self))")
        return response.json
    }

    /// Where the Play simulator pushes RTDN, and what Perennial expects of the pushes.
    static let playPushTarget = PlayPushTarget(
        endpoint: "http://perennial.test/v1/google/notifications/forest",
        audience: "https://perennial.test/v1/google/notifications/forest",
        serviceAccountEmail: "rtdn-push@perennial-simulator.iam.gserviceaccount.com"
    )

    /// The app's `google:` settings pointing at the Play simulator at `base`.
    static func googleSettings(play: PlaySimulator, base: String) async throws -> GooglePlaySettings {
        var settings = try GooglePlaySettings(
            packageName: play.packageName, serviceAccountKeyJSON: try await play.keyFile(tokenURI: base + "/token"),
            push: PlayPushExpectation(audience: playPushTarget.audience, serviceAccountEmail: playPushTarget.serviceAccountEmail)
        )
        settings.apiBaseURL = base
        settings.certsURL = base + "/oauth2/v3/certs"
        return settings
    }

    /// Posts a receipt as the app does; returns the HTTP status and the decoded body.
    func postReceipt(_ receiptData: String, appUserID: String, key: String = publicKey) async throws -> (status: Int, body: JSONObject) {
        let payload = try JSONSerialization.data(withJSONObject: ["app_user_id": appUserID, "receipt_data": receiptData])
        return try await client.execute(
            uri: "/v1/receipts", method: .post, headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
            body: ByteBuffer(bytes: payload)
        ) { response in (Int(response.status.code), try JSONObject(response.body)) }
    }

    /// Reads a customer as the app does.
    func customer(_ appUserID: String, key: String = publicKey, admin: Bool = false) async throws -> (status: Int, body: JSONObject) {
        try await client.execute(
            uri: "/v1/\(admin ? "admin/" : "")customers/\(appUserID)", method: .get, headers: [.authorization: "Bearer \(key)"]
        ) { response in (Int(response.status.code), try JSONObject(response.body)) }
    }

    /// The admin event list of a customer, as event types.
    func eventTypes(_ appUserID: String) async throws -> [String] {
        try await client.execute(
            uri: "/v1/admin/customers/\(appUserID)/events", method: .get, headers: [.authorization: "Bearer \(Self.secretKey)"]
        ) { response in
            try JSONObject(response.body)["events"].array.map { $0["type"].string ?? "?" }
        }
    }

    /// The account's current receipt, as the app would read it from its bundle.
    func receipt(account: String) async throws -> String {
        try await simulator.receiptData(account: account, bundleID: Self.bundleID, environment: .sandbox)
    }

    /// Moves simulated time forward by days.
    func advance(days: Double) async {
        _ = await simulator.advanceClock(by: .seconds(days * 86_400))
    }
}
