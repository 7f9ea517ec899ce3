import PerennialCore

/// "What each store will pay us, and when", per currency (`GET /v1/admin/payouts/forecast`): each day's
/// proceeds of each store (`RevenueCalculator`'s lines, as the metric rollups keep them per day, store and
/// currency) placed on the store's payout calendar. One environment, production by default: a sandbox never
/// pays. A few grouped queries, whatever the number of customers.
public struct PayoutForecastService: Sendable {
    /// The longest range one request may span.
    public static let maximumDays = 400

    let metrics: MetricsService

    public init(ledger: any Ledger) {
        self.metrics = MetricsService(ledger: ledger)
    }

    /// The payments made from `from` through `through`, by date, store and currency.
    public func forecast(
        app: AppSettings, from: CivilDate, through: CivilDate, environment: StoreEnvironment = .production
    ) async throws -> [PayoutForecast.Payment] {
        guard from <= through, through.days(since: from) < Self.maximumDays else {
            throw PerennialError(.invalidDateRange, "the range must run forwards and span at most \(Self.maximumDays) days")
        }
        // Revenue is paid at the latest about two months after it is made.
        let earliest = from.adding(days: -PayoutForecast.longestLeadDays)
        var days: [PayoutForecast.DailyProceeds] = []
        for store in app.revenue.payoutCalendars.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let filters = MetricFilters(environment: environment, store: store)
            func byDayAndCurrency(_ prefix: String) async throws -> [Int: [String: Int64]] {
                let query = filters.query(appID: app.id, measurePrefix: prefix, fromDay: earliest.daysSince1970, throughDay: through.daysSince1970)
                var sums: [Int: [String: Int64]] = [:]
                for total in try await metrics.totals(query) { sums[total.day, default: [:]][String(total.measure.dropFirst(prefix.count))] = total.value }
                return sums
            }
            let proceeds = try await byDayAndCurrency(MetricMeasure.revenuePrefix + "proceeds.")
            let lines = try await byDayAndCurrency(MetricMeasure.revenueLinesPrefix)
            // A day whose lines cancel out (a sale and its refund) has no proceeds total, but its lines still count.
            for (day, currencies) in lines {
                for (currency, count) in currencies {
                    days.append(PayoutForecast.DailyProceeds(
                        store: store, day: CivilDate(daysSince1970: day),
                        proceeds: Money(minorUnits: proceeds[day]?[currency] ?? 0, currency: currency), lines: Int(count)))
                }
            }
        }
        return PayoutForecast(calendars: app.revenue.payoutCalendars).payments(for: days, from: from, through: through)
    }
}
