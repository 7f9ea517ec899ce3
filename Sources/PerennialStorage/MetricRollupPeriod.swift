/// The 32-day periods `metric_rollup_periods` sums the daily rollups by, each named by its first day: day
/// `d`'s period starts on `d` rounded down to a multiple of 32 (days since 1970, before it too).
enum MetricRollupPeriod {
    static let length: Int64 = 32

    /// The first day of `day`'s period.
    static func start(of day: Int64) -> Int64 {
        day - ((day % length) + length) % length
    }

    /// The same in SQL, for a column of days: `%` keeps the dividend's sign on SQLite and PostgreSQL alike,
    /// as in Swift, so the two agree for every day.
    static func startSQL(_ column: String) -> String {
        "(\(column) - ((\(column) % \(length)) + \(length)) % \(length))"
    }
}
