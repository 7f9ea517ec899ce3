import PerennialCore

/// One app as its team configured it: identity, store credentials, catalog and API keys.
public struct AppSettings: Sendable, Hashable {
    /// Perennial's own id for the app (`forest`), used in URLs.
    public var id: String
    /// The app's bundle identifier; receipts of other apps are refused.
    public var bundleID: String
    /// Its settings for each store it sells on (`apple:`, `google:`, `stripe:`), read by the stores' modules.
    public var storeSettings = StoreSettingsSet()
    /// The products the app sells and the entitlements they grant.
    public var catalog: Catalog
    /// The key the app itself uses: post purchases, read its own customer.
    public var publicAPIKey: String
    /// The key the team's backend uses: everything about this app.
    public var secretAPIKey: String
    /// This app's request budgets (`rate_limit`); nil: the server's defaults.
    public var rateLimits: RateLimitSettings?
    /// Who keeps a subscription another customer sends proof of (`transfer_policy`); default `.transfer`.
    public var transferPolicy: TransferPolicy = .transfer
    /// Where a customer manages a subscription, per store, as its adapter gives it (`{product_id}` stands
    /// for the subscription's product): shown as each subscription's `management_url`. A store with none
    /// (Stripe, whose portal links are made per customer on request) is absent.
    public var managementURLTemplates: [Store: String] = [:]
    /// How its revenue is counted (`revenue`); by default the stores' published commissions, no conversion.
    public var revenue = RevenueSettings()

    public init(
        id: String, bundleID: String, catalog: Catalog, publicAPIKey: String, secretAPIKey: String
    ) {
        self.id = id
        self.bundleID = bundleID
        self.catalog = catalog
        self.publicAPIKey = publicAPIKey
        self.secretAPIKey = secretAPIKey
    }
}
