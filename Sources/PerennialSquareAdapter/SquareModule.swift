import PerennialCore
import PerennialServices
import PerennialSquare
import PerennialSquareSimulator
import PerennialStoreModule

/// Square as one module: an app's `square:` settings, its adapter (webhooks at `/v1/square/webhooks/{app_id}`,
/// subscriptions read back from the API), its codes, and Square's fee for online card payments in the US
/// (2.9% + 30¢) as its commission, and its standard transfers (each day's payments on the next business day)
/// as its payout calendar.
public struct SquareModule: StoreModule {
    public let store = Store.square
    public let name = "square"
    public let errorCodes = ErrorCode.square
    public let defaultCommission = CommissionSchedule.processor(basisPoints: 290, fixedFeeMinorUnits: 30)
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(SquareNextBusinessDayPayouts())
    public let settingsKey: String? = "square"

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try SquareSettingsParser.parse(node)
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        SquareRuntime(settings: settings.compactMapValues { $0 as? SquareSettings }, context: context)
    }

    public func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? {
        SquareStoreSimulator(context: context)
    }
}
