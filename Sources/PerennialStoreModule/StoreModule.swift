import PerennialCore
import PerennialServices

/// One store, as the server sees it: what the store's own targets bring, which PerennialServer lists once
/// (`StoreModules`). The engine, storage and HTTP layers name no store; everything a store decides for
/// itself comes from here.
public protocol StoreModule: Sendable {
    /// The store.
    var store: Store { get }

    /// The error codes the store's adapter and routes answer with besides the store-neutral ones.
    var errorCodes: [ErrorCode] { get }

    /// What the store keeps of a sale when an app's configuration says nothing else (its published rule).
    var defaultCommission: CommissionSchedule { get }

    /// When the store pays, unless an app's configuration says otherwise; nil: it has no calendar.
    var defaultPayoutCalendar: PayoutCalendar? { get }

    /// The reports of the store's own that `perennial reconcile` reads and compares with Perennial's
    /// transactions; none by default.
    var reportFormats: [any StoreReportFormat] { get }

    /// The keys of an app's `revenue:` section the store reads (`stripe_fee`); none by default.
    var revenueKeys: Set<String> { get }

    /// Reads the store's keys of an app's `revenue:` section into `settings`, which hold the defaults
    /// already; called only when the section has one of `revenueKeys`.
    func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws
}

extension StoreModule {
    public var reportFormats: [any StoreReportFormat] { [] }

    public var revenueKeys: Set<String> { [] }

    public func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws {}
}
