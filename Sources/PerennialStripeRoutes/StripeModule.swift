import ArgumentParser
import PerennialCore
import PerennialServices
import PerennialStoreModule
import PerennialStripe
import PerennialStripeAdapter

/// Stripe as one module: an app's `stripe:` settings, its adapter and its Checkout and portal routes, its
/// codes, its card fee (`revenue.stripe_fee`, standard 2.9% + 30¢ by default) and the account's payout
/// schedule (`revenue.stripe_payout_schedule`, daily after two business days by default).
public struct StripeModule: StoreModule {
    public let store = Store.stripe
    public let name = "stripe"
    public let errorCodes = ErrorCode.stripe
    public let defaultCommission = CommissionSchedule.stripeStandard
    public let defaultPayoutCalendar: PayoutCalendar? = (try? StripePayoutSchedule(interval: .daily)).map(PayoutCalendar.init)
    public let revenueKeys: Set<String> = ["stripe_fee", "stripe_payout_schedule"]

    public let settingsKey: String? = "stripe"

    public var calendarCommand: (any ParsableCommand.Type)? { CalendarStripeCommand.self }

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try StripeSettingsParser.parse(node)
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        StripeRuntime(settings: settings.compactMapValues { $0 as? StripeSettings }, context: context)
    }

    public func makeSimulator(_ context: SimulatorContext) async -> (any StoreSimulator)? {
        await StripeStoreSimulator(context: context)
    }

    public func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws {
        if let schedule = try node.child("stripe_payout_schedule") {
            settings.payoutCalendars[store] = PayoutCalendar(try StripeRevenueParser.payoutSchedule(schedule))
        }
        if let fee = try node.child("stripe_fee") {
            settings.schedules[store] = try StripeRevenueParser.fee(fee)
        }
    }
}
