import PerennialCore
import PerennialGooglePlay
import PerennialGooglePlayAdapter
import PerennialServices
import PerennialStoreModule

/// Google Play as one module: its codes, its earnings report, Play's 15% and its monthly payouts on the 15th.
public struct GooglePlayModule: StoreModule {
    public let store = Store.playStore
    public let errorCodes = ErrorCode.googlePlay
    public let defaultCommission = CommissionSchedule.playStore
    public let reportFormats: [any StoreReportFormat] = [PlayEarningsReport()]
    public let defaultPayoutCalendar: PayoutCalendar? = PayoutCalendar(GooglePlayMonthlyPayouts())

    public init() {}
}
