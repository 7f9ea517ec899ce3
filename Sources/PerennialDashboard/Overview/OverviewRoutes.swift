import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/apps/{app_id}/overview` (viewer): the app's numbers over a range, by store, product and
/// country; `GET …/metrics/{name}/explain` (support: it names customers): the subscriptions behind a figure.
struct OverviewRoutes: Sendable {
    let gate: DashboardGate
    let metrics: MetricsService
    let clock: any Clock

    struct Page: Sendable {
        struct Option: Sendable {
            var value: String
            var label: String
            var selected: Bool
        }

        var chrome: Chrome
        var appID: String
        var from: String
        var to: String
        var environments: [Option]
        var stores: [Option]
        var product: String
        var country: String
        var figures: [OverviewFigure]
        var charts: [OverviewChart]
        var hasData: Bool
    }

    struct ExplainPage: Sendable {
        struct Row: Sendable {
            var subscription: String
            var store: String
            var customer: String?
            var customerHref: String?
            var values: String
        }

        var chrome: Chrome
        var metric: String
        var from: String
        var to: String
        var back: String
        var rows: [Row]
        var hasRows: Bool
        var truncated: Bool
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/overview") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.viewer, app: try context.parameters.require("app_id"), request)
            let query = try OverviewQuery(request, today: CivilDate(utcDayOf: clock.now()))
            let numbers = try await OverviewNumbers.load(
                metrics: metrics, app: app, query: query,
                explainBase: signedIn.user.role.allows(.support) ? "/dashboard/apps/\(DashboardPaths.segment(app.id))" : nil)
            let stores = Set(app.storeSettings.stores + app.catalog.products.compactMap(\.store)).sorted { $0.rawValue < $1.rawValue }
            let page = Page(
                chrome: Chrome(title: "Overview of \(app.id)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .overview),
                appID: app.id, from: query.from.description, to: query.to.description,
                environments: StoreEnvironment.allCases.map {
                    .init(value: $0.rawValue, label: $0.rawValue, selected: $0 == query.filters.environment)
                },
                stores: [.init(value: "", label: "All stores", selected: query.filters.store == nil)] + stores.map {
                    .init(value: $0.rawValue, label: $0.rawValue, selected: $0 == query.filters.store)
                },
                product: query.filters.productID ?? "", country: query.filters.country ?? "",
                figures: numbers.figures, charts: numbers.charts,
                hasData: numbers.figures.contains { $0.value != 0 })
            return DashboardPage.render("overview", page)
        }
        group.get("apps/{app_id}/metrics/{name}/explain") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.support, app: try context.parameters.require("app_id"), request)
            let name = try context.parameters.require("name")
            let query = try OverviewQuery(request, today: CivilDate(utcDayOf: clock.now()))
            guard let explanation = try await metrics.explain(app: app, name: name, from: query.from, through: query.to, filters: query.filters)
            else { throw PerennialError(.notFound, "there is no metric \(name)") }
            let rows = explanation.rows.prefix(1_000).map { row in
                ExplainPage.Row(
                    subscription: row.subscription.id, store: row.subscription.store.rawValue, customer: row.ownerAppUserID,
                    customerHref: row.ownerAppUserID.map { DashboardPaths.customer(app.id, $0) },
                    values: row.values.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            let page = ExplainPage(
                chrome: Chrome(title: "What makes \(name)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .overview),
                metric: name, from: query.from.description, to: query.to.description,
                back: DashboardPaths.app(app.id, .overview) + "?" + query.queryString, rows: Array(rows), hasRows: !rows.isEmpty,
                truncated: explanation.truncated || explanation.rows.count > rows.count)
            return DashboardPage.render("explain", page)
        }
    }
}
