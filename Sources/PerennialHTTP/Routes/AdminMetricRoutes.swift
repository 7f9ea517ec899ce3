import Hummingbird
import PerennialCore
import PerennialServices

/// The metrics (secret key; docs/metrics.md defines each), JSON by default, CSV with `Accept: text/csv`:
/// - `GET /v1/admin/metrics/{name}?from&to&interval=day|week|month&environment&store&product&country`: one
///   point per bucket (`MetricSeries`);
/// - the same with `explain=true`: the subscriptions behind the figure over the whole range, and their owners;
/// - `GET /v1/admin/metrics/cohorts/retention?from&to&…`: the retention table of the cohorts of those months.
struct AdminMetricRoutes {
    struct Series: ResponseEncodable {
        struct Point: Encodable {
            var start: String
            var end: String
            var values: [String: Int64]
        }

        var name: String
        var interval: String
        var environment: String
        var points: [Point]
    }

    struct Explanation: ResponseEncodable {
        struct Row: Encodable {
            var store: String
            var subscriptionID: String
            var appUserID: String?
            var values: [String: Int64]

            enum CodingKeys: String, CodingKey {
                case store, values
                case subscriptionID = "subscription_id"
                case appUserID = "app_user_id"
            }
        }

        var name: String
        var from: String
        var to: String
        var environment: String
        var subscriptions: [Row]
        var truncated: Bool
    }

    let metrics: MetricsService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("metrics/cohorts/retention") { request, context -> Response in
            let app = try context.requireSecretKey()
            let query = try MetricRequest(request)
            let table = try await metrics.retention(app: app, from: query.from, through: query.to, filters: query.filters)
            return query.wantsCSV
                ? CSVText.response(MetricCSV.lines(table))
                : try RetentionResponse(table, environment: query.filters.environment).response(from: request, context: context)
        }
        group.get("metrics/{name}") { request, context -> Response in
            let app = try context.requireSecretKey()
            let name = try context.parameters.require("name")
            let query = try MetricRequest(request)
            let unknown = PerennialError(.notFound, "no metric named \(name); known: \(MetricSeries.names.sorted().joined(separator: ", "))")
            if query.explain {
                guard let explanation = try await metrics.explain(app: app, name: name, from: query.from, through: query.to, filters: query.filters)
                else { throw unknown }
                return query.wantsCSV
                    ? CSVText.response(explanation.csvLines)
                    : try Explanation(
                        name: name, from: query.from.description, to: query.to.description, environment: query.filters.environment.rawValue,
                        subscriptions: explanation.rows.map {
                            Explanation.Row(store: $0.subscription.store.rawValue, subscriptionID: $0.subscription.id,
                                            appUserID: $0.ownerAppUserID, values: $0.values)
                        },
                        truncated: explanation.truncated
                    ).response(from: request, context: context)
            }
            guard let points = try await metrics.series(
                app: app, name: name, from: query.from, through: query.to, interval: query.interval, filters: query.filters)
            else { throw unknown }
            if query.wantsCSV { return CSVText.response(MetricCSV.lines(points)) }
            let series = Series(name: name, interval: query.interval.rawValue, environment: query.filters.environment.rawValue, points: points.map {
                Series.Point(start: $0.start.description, end: $0.end.description, values: $0.values)
            })
            return try series.response(from: request, context: context)
        }
    }
}
