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
            let today = CivilDate(utcDayOf: clock.now())
            let query = request.uri.queryParameters
            let from = try query.get("from").flatMap { $0.isEmpty ? nil : $0 }.map { try Self.date(String($0)) } ?? today
            let to = try query.get("to").flatMap { $0.isEmpty ? nil : $0 }.map { try Self.date(String($0)) } ?? today.adding(days: 90)
            guard let environment = StoreEnvironment(rawValue: query.get("environment").map { String($0) } ?? "production") else {
                throw PerennialError(.badRequest, "environment must be production, sandbox or xcode")
            }
            let payments = try await payouts.forecast(app: app, from: from, through: to, environment: environment)
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

    private static func date(_ text: String) throws -> CivilDate {
        guard let date = CivilDate(iso: text) else { throw PerennialError(.invalidDateRange, "give dates as YYYY-MM-DD") }
        return date
    }
}
