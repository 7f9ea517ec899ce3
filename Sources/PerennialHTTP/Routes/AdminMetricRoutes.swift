import Hummingbird
import PerennialCore
import PerennialServices

/// `GET /v1/admin/metrics/{name}?from=YYYY-MM-DD&to=YYYY-MM-DD&interval=day|week|month&environment=&store=`:
/// a metric's series (`active_subscriptions`, `mrr`; docs/metrics.md defines each), one point per bucket,
/// measured at the bucket's last instant. JSON by default; CSV with `Accept: text/csv`.
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

    let metrics: MetricsService

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("metrics/{name}") { request, context -> Response in
            let app = try context.requireSecretKey()
            let name = try context.parameters.require("name")
            let query = request.uri.queryParameters
            guard let fromText = query.get("from"), let from = CivilDate(iso: fromText),
                  let toText = query.get("to"), let to = CivilDate(iso: toText)
            else { throw PerennialError(.invalidDateRange, "give from and to as YYYY-MM-DD dates") }
            guard let interval = MetricInterval(rawValue: query.get("interval") ?? "day") else {
                throw PerennialError(.badRequest, "interval must be day, week or month")
            }
            guard let environment = StoreEnvironment(rawValue: (query.get("environment") ?? "production").lowercased()) else {
                throw PerennialError(.badRequest, "environment must be production, sandbox or xcode")
            }
            let store = try query.get("store").map { text -> Store in
                guard let store = Store(rawValue: text) else { throw PerennialError(.badRequest, "store must be a store name (app_store)") }
                return store
            }
            guard let points = try await metrics.series(
                app: app, name: name, from: from, through: to, interval: interval, environment: environment, store: store)
            else { throw PerennialError(.notFound, "no metric named \(name); known: \(SubscriptionMetrics.names.sorted().joined(separator: ", "))") }
            if request.headers[.accept]?.contains("text/csv") == true {
                return Self.csv(points)
            }
            let series = Series(name: name, interval: interval.rawValue, environment: environment.rawValue, points: points.map {
                Series.Point(start: $0.start.description, end: $0.end.description, values: $0.values)
            })
            return try series.response(from: request, context: context)
        }
    }

    /// `start,end,<each value's name>`, one line per point.
    static func csv(_ points: [SubscriptionMetrics.Point]) -> Response {
        let columns = Set(points.flatMap(\.values.keys)).sorted()
        var lines = [(["start", "end"] + columns).joined(separator: ",")]
        for point in points {
            lines.append(([point.start.description, point.end.description] + columns.map { String(point.values[$0] ?? 0) }).joined(separator: ","))
        }
        return Response(
            status: .ok, headers: [.contentType: "text/csv; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: lines.joined(separator: "\n") + "\n")))
    }
}
