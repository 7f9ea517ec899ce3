import PerennialAppStore
import PerennialAppStoreAdapter
import ArgumentParser
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// The App Store as one module: its codes, its Sales and Trends reports, Apple's commission (30% then 15%,
/// or 15% in the Small Business Program: `revenue.app_store_small_business_program`) and Apple's fiscal
/// payout calendar.
public struct AppStoreModule: StoreModule {
    public let store = Store.appStore
    public let name = "apple"
    /// Upgrades, downgrades and crossgrades happen within a subscription group.
    public let productsNeedSubscriptionGroup = true
    public let errorCodes = ErrorCode.appStore
    public let defaultCommission = CommissionSchedule.appStore(smallBusinessProgram: false)
    public let reportFormats: [any StoreReportFormat] = [AppStoreSalesReport(), AppStoreSubscriptionEventReport()]
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(AppleFiscalPayouts())
    public let revenueKeys: Set<String> = ["app_store_small_business_program"]

    public var commands: [any ParsableCommand.Type] { [ReceiptCommand.self, JWSCommand.self, OfferCommand.self] }
    public var calendarCommand: (any ParsableCommand.Type)? { CalendarAppleCommand.self }

    public let settingsKey: String? = "apple"

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try AppleSettingsParser.parse(node)
    }

    /// Built from the apps' `apple:` settings.
    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        await AppStoreRuntime(context: context)
    }

    /// The App Store's Subscriptions page, for an app with App Store settings.
    public func managementURLTemplate(for app: AppSettings, settings: (any StoreSettings)?) -> String? {
        settings == nil ? nil : AppStoreAdapter.managementURL
    }

    public func parseRevenue(_ node: ConfigurationNode, into settings: inout RevenueSettings) throws {
        if let small = try node.child("app_store_small_business_program") {
            settings.schedules[store] = .appStore(smallBusinessProgram: try small.boolean())
        }
    }
}
