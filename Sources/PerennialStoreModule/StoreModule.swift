import ArgumentParser
import PerennialCore
import PerennialServices

/// One store, as the server sees it: what the store's own targets bring, which PerennialServer lists once
/// (`StoreModules`). The engine, storage and HTTP layers name no store; everything a store decides for
/// itself comes from here.
public protocol StoreModule: Sendable {
    /// The store.
    var store: Store { get }

    /// The store's short name in the configuration (`apple`, `google`, `stripe`): a product's `store:` takes
    /// it as well as the store's own name.
    var name: String { get }

    /// The error codes the store's adapter and routes answer with besides the store-neutral ones.
    var errorCodes: [ErrorCode] { get }

    /// What the store keeps of a sale when an app's configuration says nothing else (its published rule).
    var defaultCommission: CommissionSchedule { get }

    /// When the store pays, unless an app's configuration says otherwise; nil: it has no calendar.
    var defaultPayoutCalendar: PayoutCalendar? { get }

    /// The reports of the store's own that `perennial reconcile` reads and compares with Perennial's
    /// transactions; none by default.
    var reportFormats: [any StoreReportFormat] { get }

    /// The key of an app's section holding its settings for the store (`google`); nil: the store reads no
    /// section of its own.
    var settingsKey: String? { get }

    /// Reads an app's section of the store (the value of `settingsKey`).
    func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings

    /// Builds the store's parts for the apps that have settings for it (by app id); nil: the server builds
    /// them itself.
    func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)?

    /// Where a customer manages their subscriptions of the store, for `app` with `settings` (its settings for
    /// the store, if any): a URL, or a template with `{product_id}`; nil: nowhere to send them.
    func managementURLTemplate(for app: AppSettings, settings: (any StoreSettings)?) -> String?

    /// The store's simulator, for `perennial simulator`; nil: it has none of its own there.
    func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)?

    /// The store's own `perennial` subcommands (`perennial receipt`, `perennial google`); none by default.
    var commands: [any ParsableCommand.Type] { get }

    /// The store's `perennial calendar` subcommand (its payouts), if it has one.
    var calendarCommand: (any ParsableCommand.Type)? { get }

    /// Whether an auto-renewable product of the store must name its subscription group (the App Store's
    /// upgrades and downgrades are within a group); false by default.
    var productsNeedSubscriptionGroup: Bool { get }

    /// Checks what a product of the store declares beyond what every store's products declare (Google
    /// Play's base plans); `node` is the product's, for errors. By default a product declares no base plans.
    func checkProduct(_ product: Product, node: ConfigurationNode) throws

    /// The keys of an app's `revenue:` section the store reads (`stripe_fee`); none by default.
    var revenueKeys: Set<String> { get }

    /// Reads the store's keys of an app's `revenue:` section into `settings`, which hold the defaults
    /// already (its published commission and payout calendar).
    func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws
}

extension StoreModule {
    public var settingsKey: String? { nil }

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        throw node.error("the store reads no settings of its own")
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? { nil }

    public func managementURLTemplate(for app: AppSettings, settings: (any StoreSettings)?) -> String? { nil }

    public func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? { nil }

    public var reportFormats: [any StoreReportFormat] { [] }

    public var commands: [any ParsableCommand.Type] { [] }

    public var productsNeedSubscriptionGroup: Bool { false }

    public func checkProduct(_ product: Product, node: ConfigurationNode) throws {
        if !product.basePlanIDs.isEmpty, let plans = try node.child("base_plans") {
            throw plans.error("a product of store: \(name) has no base_plans")
        }
    }

    public var calendarCommand: (any ParsableCommand.Type)? { nil }

    public var revenueKeys: Set<String> { [] }

    public func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws {}
}
