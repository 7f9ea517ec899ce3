import PerennialAdyen
import PerennialAdyenSimulator
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Adyen as one module: an app's `adyen:` settings, its adapter (standard webhooks at
/// `/v1/adyen/notifications/{app_id}`), the renewal schedule Perennial runs for it, its checkout and
/// cancellation routes, its codes; as commission, Adyen's acquirer markup from 0.60% plus interchange and
/// scheme fees, on average about 1% for European consumer cards, and its processing fee (13¢) per payment;
/// as payout calendar, its Sales Day Payout after a settlement delay of two business days (the merchant's own
/// delay is in the Customer Area).
public struct AdyenModule: StoreModule {
    public let store = Store.adyen
    public let name = "adyen"
    public let errorCodes = ErrorCode.adyen
    public let defaultCommission = CommissionSchedule.processor(basisPoints: 100, fixedFeeMinorUnits: 13)
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(AdyenSalesDayPayouts())
    public let settingsKey: String? = "adyen"

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try AdyenSettingsParser.parse(node)
    }

    /// A product sold through Adyen is named as its subscriptions' ids begin.
    public func checkProduct(_ product: Product, node: ConfigurationNode) throws {
        guard AdyenSubscriptionID.isValidProductID(product.id) else {
            throw node.error("an adyen product's id must be 1 to 40 letters, digits, '_', '-' or '.'")
        }
        if !product.basePlanIDs.isEmpty, let plans = try node.child("base_plans") {
            throw plans.error("a product of store: adyen has no base_plans")
        }
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        AdyenRuntime(settings: settings.compactMapValues { $0 as? AdyenSettings }, context: context)
    }

    public func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? {
        AdyenStoreSimulator(context: context)
    }
}
