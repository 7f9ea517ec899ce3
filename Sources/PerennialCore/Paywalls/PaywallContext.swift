/// What a paywall's targeting knows of one request and its customer: what the app says (platform, device,
/// app version, country, locale, the engagement signals it reports) and what only the backend knows (the
/// journey stage, the stores the customer bought on, their attributes, the offers they may redeem, their
/// churn-risk score).
public struct PaywallContext: Sendable, Hashable {
    public var stage: JourneyStage
    /// `ios`, `android` or `web`.
    public var platform: String?
    /// `phone`, `tablet`, `desktop` or `tv`.
    public var device: String?
    public var appVersion: AppVersion?
    /// ISO 3166-1 alpha-2, upper case.
    public var country: String?
    /// BCP 47 (`fr-CA`).
    public var locale: String?
    public var stores: Set<Store>
    public var attributes: [String: String]
    /// The ids of the offers the customer may redeem now.
    public var eligibleOffers: Set<String>
    /// The churn-risk score (`ChurnRisk`, 0 to 100), when one is known.
    public var churnRisk: Double?
    /// The engagement signals the app reported (`sessions_7d`, `lessons_completed`), by name.
    public var signals: [String: Double]

    public init(
        stage: JourneyStage, platform: String? = nil, device: String? = nil, appVersion: AppVersion? = nil, country: String? = nil,
        locale: String? = nil, stores: Set<Store> = [], attributes: [String: String] = [:], eligibleOffers: Set<String> = [],
        churnRisk: Double? = nil, signals: [String: Double] = [:]
    ) {
        self.stage = stage
        self.platform = platform
        self.device = device
        self.appVersion = appVersion
        self.country = country
        self.locale = locale
        self.stores = stores
        self.attributes = attributes
        self.eligibleOffers = eligibleOffers
        self.churnRisk = churnRisk
        self.signals = signals
    }
}
