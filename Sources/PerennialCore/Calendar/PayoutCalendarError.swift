/// Why a payout calendar could not be computed, with a stable snake_case `code` for scripts.
public enum PayoutCalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// An Apple fiscal year outside `AppleFiscalCalendar.supportedFiscalYears` (`fiscal_year_out_of_range`).
    case fiscalYearOutOfRange(Int)
    /// A Google Play payout year outside `GooglePlayPayoutCalendar.supportedYears` (`year_out_of_range`).
    case yearOutOfRange(Int)
    /// A date range that ends before it starts or is longer than allowed (`invalid_date_range`).
    case invalidDateRange(String)
    /// A Stripe `delay_days` outside 0...31 (`invalid_delay_days`).
    case invalidDelayDays(Int)
    /// A Stripe `monthly_anchor` outside 1...31 (`invalid_monthly_anchor`).
    case invalidMonthlyAnchor(Int)

    /// The stable error code.
    public var code: String {
        switch self {
        case .fiscalYearOutOfRange: "fiscal_year_out_of_range"
        case .yearOutOfRange: "year_out_of_range"
        case .invalidDateRange: "invalid_date_range"
        case .invalidDelayDays: "invalid_delay_days"
        case .invalidMonthlyAnchor: "invalid_monthly_anchor"
        }
    }

    /// A sentence saying what is wrong.
    public var message: String {
        switch self {
        case .fiscalYearOutOfRange(let year):
            "fiscal year \(year) is outside \(AppleFiscalCalendar.supportedFiscalYears.lowerBound)..."
                + "\(AppleFiscalCalendar.supportedFiscalYears.upperBound)"
        case .yearOutOfRange(let year):
            "year \(year) is outside \(GooglePlayPayoutCalendar.supportedYears.lowerBound)..."
                + "\(GooglePlayPayoutCalendar.supportedYears.upperBound)"
        case .invalidDateRange(let detail): detail
        case .invalidDelayDays(let days): "delay days \(days) is outside 0...31"
        case .invalidMonthlyAnchor(let day): "monthly anchor \(day) is outside 1...31"
        }
    }

    public var description: String { "\(code): \(message)" }
}
