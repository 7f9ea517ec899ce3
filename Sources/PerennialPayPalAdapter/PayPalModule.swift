import PerennialCore
import PerennialPayPal
import PerennialPayPalSimulator
import PerennialServices
import PerennialStoreModule

/// PayPal as one module: an app's `paypal:` settings, its adapter (webhooks at `/v1/paypal/webhooks/{app_id}`,
/// subscriptions read back from the API), its codes, and PayPal's standard fee for US checkout (3.49% +
/// 49¢ per payment) as its commission. PayPal pays into the merchant's PayPal balance as each payment is
/// made, and transfers to a bank only when asked: it has no payout calendar.
public struct PayPalModule: StoreModule {
    public let store = Store.payPal
    public let name = "paypal"
    public let errorCodes = ErrorCode.payPal
    public let defaultCommission = CommissionSchedule.processor(basisPoints: 349, fixedFeeMinorUnits: 49)
    public let defaultPayoutCalendar: PayoutCalendar? = nil
    public let settingsKey: String? = "paypal"

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try PayPalSettingsParser.parse(node)
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        PayPalRuntime(settings: settings.compactMapValues { $0 as? PayPalSettings }, context: context)
    }

    public func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? {
        PayPalStoreSimulator(context: context)
    }
}
