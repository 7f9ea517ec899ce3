import ArgumentParser
import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayAdapter
import PerennialServices
import PerennialStoreModule

/// Google Play as one module: an app's `google:` settings, its adapter, purchase route and jobs, its codes, its
/// earnings report, Play's 15% and its monthly payouts on the 15th.
public struct GooglePlayModule: StoreModule {
    public let store = Store.playStore
    public let errorCodes = ErrorCode.googlePlay
    public let defaultCommission = CommissionSchedule.playStore
    public let reportFormats: [any StoreReportFormat] = [PlayEarningsReport()]
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(GooglePlayMonthlyPayouts())

    public let settingsKey: String? = "google"

    public var commands: [any ParsableCommand.Type] { [GoogleCommand.self] }
    public var calendarCommand: (any ParsableCommand.Type)? { CalendarGooglePlayCommand.self }

    public init() {}

    public func parseSettings(_ node: ConfigurationNode) throws -> any StoreSettings {
        try GooglePlaySettingsParser.parse(node)
    }

    public func makeRuntime(_ context: StoreContext, settings: [String: any StoreSettings]) async throws -> (any StoreRuntime)? {
        GooglePlayRuntime(settings: settings.compactMapValues { $0 as? GooglePlaySettings }, context: context)
    }

    /// Play's subscriptions page for the app's package.
    public func managementURLTemplate(for app: AppSettings, settings: (any StoreSettings)?) -> String? {
        (settings as? GooglePlaySettings).map { GooglePlayAdapter.managementURLTemplate(packageName: $0.packageName) }
    }
}
