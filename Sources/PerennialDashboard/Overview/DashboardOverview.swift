import PerennialCore
import PerennialServices

/// The overview page's figures outside a request, for the benchmark (`perennial-bench metrics`): the same
/// reads the page makes for `from` through `to`.
public enum DashboardOverview {
    /// How many figures the overview of the range shows (after reading every series it draws).
    public static func figureCount(metrics: MetricsService, app: AppSettings, from: CivilDate, through: CivilDate) async throws -> Int {
        try await OverviewNumbers.load(
            metrics: metrics, app: app, query: OverviewQuery(from: from, to: through, filters: MetricFilters()), explainBase: nil
        ).figures.count
    }
}
