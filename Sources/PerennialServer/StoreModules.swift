import PerennialAppStoreRoutes
import PerennialCore
import PerennialGooglePlayRoutes
import PerennialAdyenAdapter
import PerennialPayPalAdapter
import PerennialServices
import PerennialStoreModule
import PerennialSquareAdapter
import PerennialStripeRoutes

/// The stores this server runs: the one place they are listed.
public enum StoreModules {
    /// Every store's module, in the order their codes and settings are listed.
    public static let all: [any StoreModule] = [AppStoreModule(), GooglePlayModule(), StripeModule(), PayPalModule(), SquareModule(), AdyenModule()]

    /// The module of `store`, if the server runs it.
    public static func module(for store: Store) -> (any StoreModule)? {
        all.first { $0.store == store }
    }

    /// Every store's report formats, for `perennial reconcile`.
    public static var reportFormats: [any StoreReportFormat] { all.flatMap(\.reportFormats) }

    /// Each store's published commission and payout calendar: an app's revenue settings before its
    /// configuration changes them.
    public static var defaultRevenue: RevenueSettings {
        var settings = RevenueSettings()
        fillDefaults(of: &settings)
        return settings
    }

    /// Gives `settings` each store's default commission and payout calendar where it has none.
    public static func fillDefaults(of settings: inout RevenueSettings) {
        for module in all {
            if settings.schedules[module.store] == nil {
                settings.schedules[module.store] = module.defaultCommission
            }
            if settings.payoutCalendars[module.store] == nil, let calendar = module.defaultPayoutCalendar {
                settings.payoutCalendars[module.store] = calendar
            }
        }
    }
}
