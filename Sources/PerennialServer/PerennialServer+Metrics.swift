import Logging
import PerennialCore
import PerennialServices

extension PerennialServer {
    /// `perennial metrics`: a metric of a configured app from the configured database, as CSV — its series,
    /// the subscriptions behind it (`explain`), or, for `retention`, the cohorts' retention table.
    public static func metrics(
        _ overrides: Overrides, appID: String, name: String, from: CivilDate, through: CivilDate, interval: MetricInterval,
        filters: MetricFilters, explain: Bool, logger: Logger = Logger(label: "perennial")
    ) async throws -> String {
        let configuration = try configuration(overrides)
        let stack = try await openStack(configuration, logger: logger)
        do {
            guard let app = stack.apps.app(id: appID) else { throw PerennialError(.appNotFound, "no app \(appID) is configured") }
            let metrics = stack.metrics
            let unknown = PerennialError(
                .notFound, "no metric named \(name); known: \((MetricSeries.names.sorted() + ["retention"]).joined(separator: ", "))")
            let lines: [[String]]
            if name == "retention" {
                lines = MetricCSV.lines(try await metrics.retention(app: app, from: from, through: through, filters: filters))
            } else if explain {
                guard let explanation = try await metrics.explain(app: app, name: name, from: from, through: through, filters: filters)
                else { throw unknown }
                lines = explanation.csvLines
            } else {
                guard let points = try await metrics.series(
                    app: app, name: name, from: from, through: through, interval: interval, filters: filters)
                else { throw unknown }
                lines = MetricCSV.lines(points)
            }
            await stack.shutdown()
            return CSVWriter.text(lines)
        } catch {
            await stack.shutdown()
            throw error
        }
    }
}
