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
    public let name = "google"
    public let errorCodes = ErrorCode.googlePlay
    public let defaultCommission = CommissionSchedule.playStore
    public let reportFormats: [any StoreReportFormat] = [PlayEarningsReport()]
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(GooglePlayMonthlyPayouts())

    public let settingsKey: String? = "google"

    public var commands: [any ParsableCommand.Type] { [GoogleCommand.self] }
    public var calendarCommand: (any ParsableCommand.Type)? { CalendarGooglePlayCommand.self }

    public init() {}

    /// Base plan ids follow Google's rule: 1 to 63 of `a`–`z`, `0`–`9` and `-`, starting with a letter or digit.
    public func checkProduct(_ product: Product, node: ConfigurationNode) throws {
        guard let plans = try node.child("base_plans") else { return }
        guard !product.basePlanIDs.isEmpty, product.basePlanIDs.allSatisfy(Self.isBasePlanID) else {
            throw plans.error("list the base plan ids, e.g. [monthly, annual] (lowercase letters, digits and -, starting with one)")
        }
    }

    static func isBasePlanID(_ id: String) -> Bool {
        let bytes = Array(id.utf8)
        return (1...63).contains(bytes.count) && bytes[0] != UInt8(ascii: "-")
            && bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

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
