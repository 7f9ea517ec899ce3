import PerennialCore

/// One app the simulated App Store sells for.
public struct SimulatorApp: Sendable, Hashable, Codable {
    /// The app's bundle identifier (`bundle_id`).
    public var bundleID: String
    /// The app-specific shared secret verifyReceipt expects as `password` when the app sells auto-renewable
    /// subscriptions. Nil or empty: any password is accepted.
    public var sharedSecret: String?
    /// The Billing Grace Period: 0 (none), 3, 16 or 28 days.
    public var gracePeriodDays: Int
    /// The app's App Store id (`adam_id` in production receipts; the sandbox always says 0). Nil: a
    /// number derived from the app's position in the configuration.
    public var appAppleID: Int64?
    public var products: [SimulatorProduct]
    /// Where App Store Server Notifications version 2 are POSTed (`notification_url`); nil: none are sent.
    public var notificationURL: String?
    /// Where App Store Server Notifications version 1 are POSTed (`notification_url_v1`); nil: none are sent.
    public var notificationURLV1: String?
    /// The team's App Store Server API key (`server_api`); nil: the Server API answers 401 for this app.
    public var serverAPI: SimulatorServerAPIKey?
    /// The team's subscription-offer keys (`offer_keys`, public halves) promotional offer signatures are
    /// checked with.
    public var offerKeys: [SimulatorOfferKey]

    public init(
        bundleID: String, sharedSecret: String? = nil, gracePeriodDays: Int = 0, appAppleID: Int64? = nil,
        products: [SimulatorProduct], notificationURL: String? = nil, notificationURLV1: String? = nil,
        serverAPI: SimulatorServerAPIKey? = nil, offerKeys: [SimulatorOfferKey] = []
    ) {
        self.offerKeys = offerKeys
        self.bundleID = bundleID
        self.sharedSecret = sharedSecret
        self.gracePeriodDays = gracePeriodDays
        self.appAppleID = appAppleID
        self.products = products
        self.notificationURL = notificationURL
        self.notificationURLV1 = notificationURLV1
        self.serverAPI = serverAPI
    }

    enum CodingKeys: String, CodingKey {
        case products
        case bundleID = "bundle_id"
        case sharedSecret = "shared_secret"
        case gracePeriodDays = "grace_period_days"
        case appAppleID = "app_apple_id"
        case notificationURL = "notification_url"
        case notificationURLV1 = "notification_url_v1"
        case serverAPI = "server_api"
        case offerKeys = "offer_keys"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        bundleID = try container.decode(String.self, forKey: .bundleID)
        sharedSecret = try container.decodeIfPresent(String.self, forKey: .sharedSecret)
        gracePeriodDays = try container.decodeIfPresent(Int.self, forKey: .gracePeriodDays) ?? 0
        appAppleID = try container.decodeIfPresent(Int64.self, forKey: .appAppleID)
        products = try container.decodeIfPresent([SimulatorProduct].self, forKey: .products) ?? []
        notificationURL = try container.decodeIfPresent(String.self, forKey: .notificationURL)
        notificationURLV1 = try container.decodeIfPresent(String.self, forKey: .notificationURLV1)
        serverAPI = try container.decodeIfPresent(SimulatorServerAPIKey.self, forKey: .serverAPI)
        offerKeys = try container.decodeIfPresent([SimulatorOfferKey].self, forKey: .offerKeys) ?? []
    }

    /// The product with this identifier.
    public func product(_ id: String) -> SimulatorProduct? { products.first { $0.id == id } }

    /// Whether the app sells auto-renewable subscriptions (verifyReceipt then checks the shared secret).
    public var sellsAutoRenewables: Bool { products.contains { $0.type == .autoRenewable } }
}
