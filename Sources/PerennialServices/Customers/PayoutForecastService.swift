import PerennialCore

/// "What each store will pay us, and when", per currency (`GET /v1/admin/payouts/forecast`): the proceeds
/// of every subscription's revenue lines (`RevenueCalculator`), placed on each store's payout calendar.
///
/// It reads every subscription the app holds transactions of, each with its whole history (a commission
/// depends on the year of paid service before it), so its cost grows with the app's history; fine for the
/// apps one process serves, and what the metrics rollups will answer instead.
public struct PayoutForecastService: Sendable {
    /// The longest range one request may span.
    public static let maximumDays = 400

    let ledger: any Ledger

    public init(ledger: any Ledger) {
        self.ledger = ledger
    }

    /// The payments made from `from` through `through`, by date, store and currency.
    public func forecast(app: AppSettings, from: CivilDate, through: CivilDate) async throws -> [PayoutForecast.Payment] {
        guard from <= through, through.days(since: from) < Self.maximumDays else {
            throw PerennialError(.invalidDateRange, "the range must run forwards and span at most \(Self.maximumDays) days")
        }
        let calculator = RevenueCalculator(catalog: app.catalog, schedules: app.revenue.schedules)
        // Revenue is paid at the latest about two months after it is made.
        let earliest = from.adding(days: -PayoutForecast.longestLeadDays)
        let entries = try await ledger.subscriptionHistories(appID: app.id, withRenewalInfos: false).flatMap { history in
            calculator.entries(for: history.transactions).filter { entry in
                let day = CivilDate(utcDayOf: entry.occurredAt)
                return earliest <= day && day <= through
            }
        }
        return PayoutForecast(calendars: app.revenue.payoutCalendars).payments(for: entries, from: from, through: through)
    }
}
