import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/payouts?from&to&environment` (viewer): when each store pays what the app
/// earned — App Store payments by Apple's fiscal month, Play's monthly payouts, Stripe's schedule — as a
/// calendar of months, the next 90 days by default.
struct PayoutRoutes: Sendable {
    let gate: DashboardGate
    let payouts: PayoutForecastService
    let clock: any Clock

    struct Page: Sendable {
        struct Payment: Sendable {
            var date: String
            var store: String
            var label: String
            var period: String
            var proceeds: MoneyText
            var lines: Int
        }

        struct Month: Sendable {
            /// The heading's id (`month-2026-12`).
            var anchor: String
            var name: String
            var payments: [Payment]
            var totals: [MoneyText]
        }

        var chrome: Chrome
        var appID: String
        var from: String
        var to: String
        var months: [Month]
        var hasMonths: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/payouts") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.viewer, app: try context.parameters.require("app_id"), request)
            // The next 90 days unless the form says otherwise.
            let query = try OverviewQuery(request, today: CivilDate(utcDayOf: clock.now()).adding(days: 90), defaultDays: 91)
            let (from, to) = (query.from, query.to)
            let payments = try await payouts.forecast(app: app, from: from, through: to, environment: query.filters.environment)
            let byMonth = Dictionary(grouping: payments) { $0.paymentDate.year * 100 + $0.paymentDate.month }
            let months = byMonth.keys.sorted().map { key -> Page.Month in
                let inMonth = byMonth[key, default: []].sorted { ($0.paymentDate, $0.store.rawValue) < ($1.paymentDate, $1.store.rawValue) }
                let currencies = Set(inMonth.map(\.proceeds.currency)).sorted()
                return Page.Month(
                    anchor: "month-\(key / 100)-\(key % 100)",
                    name: "\(CivilDate.monthNames[key % 100 - 1]) \(key / 100)",
                    payments: inMonth.map {
                        Page.Payment(
                            date: $0.paymentDate.description, store: $0.store.rawValue, label: $0.label ?? "—",
                            period: "\($0.revenuePeriodStart) – \($0.revenuePeriodEnd)",
                            proceeds: MoneyText(minorUnits: $0.proceeds.minorUnits, currency: $0.proceeds.currency), lines: $0.lines)
                    },
                    totals: currencies.map { currency in
                        MoneyText(
                            minorUnits: inMonth.filter { $0.proceeds.currency == currency }.reduce(0) { $0 + $1.proceeds.minorUnits },
                            currency: currency)
                    })
            }
            return DashboardPage.render("payouts", Page(
                chrome: Chrome(title: "Payouts of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .payouts),
                appID: app.id, from: from.description, to: to.description, months: months, hasMonths: !months.isEmpty))
        }
    }
}
