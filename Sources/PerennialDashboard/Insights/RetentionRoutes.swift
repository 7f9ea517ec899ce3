import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/retention?from&to&…` (viewer): the cohort table of WWDC 2018's
/// subscription retention talk — each month's new paid subscriptions, and the share that reached each of the
/// next twelve renewals — with a colour scale, the last twelve months by default.
struct RetentionRoutes: Sendable {
    let gate: DashboardGate
    let metrics: MetricsService
    let clock: any Clock

    struct Page: Sendable {
        struct Cell: Sendable {
            var text: String
            /// `heat-0` … `heat-9`, or `none` where no subscription could have got there yet.
            var tone: String
            var title: String
        }

        struct Row: Sendable {
            var cohort: String
            var subscriptions: String
            var cells: [Cell]
        }

        var chrome: Chrome
        var appID: String
        var from: String
        var to: String
        var headings: [String]
        var columns: Int
        var rows: [Row]
        var hasRows: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/retention") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.viewer, app: try context.parameters.require("app_id"), request)
            let today = CivilDate(utcDayOf: clock.now())
            let query = try OverviewQuery(request, today: today, defaultDays: 365)
            let table = try await metrics.retention(app: app, from: query.from, through: query.to, filters: query.filters)
            let rows = table.rows.map { row in
                Page.Row(
                    cohort: Self.month(row.cohort), subscriptions: CountText.count(row.subscriptions),
                    cells: row.renewals.enumerated().map { index, cell in
                        guard let cell else { return Page.Cell(text: "", tone: "none", title: "not reached yet") }
                        let percent = Int((cell.share * 100).rounded())
                        return Page.Cell(
                            text: cell.eligible == 0 ? "—" : "\(percent)%", tone: "heat-\(min(9, Int(cell.share * 10)))",
                            title: "\(cell.retained) of \(cell.eligible) reached renewal \(index + 1)")
                    })
            }
            return DashboardPage.render("retention", Page(
                chrome: Chrome(title: "Retention of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .retention),
                appID: app.id, from: query.from.description, to: query.to.description,
                headings: (1...RetentionTable.renewals).map(String.init), columns: RetentionTable.renewals, rows: rows, hasRows: rows.contains { $0.subscriptions != "0" }))
        }
    }

    /// `2026-03` as `March 2026`.
    static func month(_ date: CivilDate) -> String {
        "\(CivilDate.monthNames[date.month - 1]) \(date.year)"
    }
}
