/// Why a payout calendar could not be computed, with a stable snake_case `code` for scripts.
public enum PayoutCalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A fiscal year outside the years a store's fiscal calendar covers (`fiscal_year_out_of_range`).
    case fiscalYearOutOfRange(Int, supported: ClosedRange<Int>)
    /// A calendar year outside the years a store's payout calendar covers (`year_out_of_range`).
    case yearOutOfRange(Int, supported: ClosedRange<Int>)
    /// A date range that ends before it starts or is longer than allowed (`invalid_date_range`).
    case invalidDateRange(String)
    /// A payout schedule's `delay_days` outside 0...31 (`invalid_delay_days`).
    case invalidDelayDays(Int)
    /// A payout schedule's `monthly_anchor` outside 1...31 (`invalid_monthly_anchor`).
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
        case .fiscalYearOutOfRange(let year, let supported):
            "fiscal year \(year) is outside \(supported.lowerBound)...\(supported.upperBound)"
        case .yearOutOfRange(let year, let supported):
            "year \(year) is outside \(supported.lowerBound)...\(supported.upperBound)"
        case .invalidDateRange(let detail): detail
        case .invalidDelayDays(let days): "delay days \(days) is outside 0...31"
        case .invalidMonthlyAnchor(let day): "monthly anchor \(day) is outside 1...31"
        }
    }

    public var description: String { "\(code): \(message)" }
}
