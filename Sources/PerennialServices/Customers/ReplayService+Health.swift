import Logging

extension ReplayService {
    /// The health problem shown while an app's metrics are rebuilt.
    public static let metricsRebuildingProblem = "metrics_rebuilding"

    /// `rebuildMetricsIfNeeded` as `perennial serve` runs it at startup, while it serves: its progress in
    /// `/health` (a problem the rebuild's end clears; the metrics answer 503 `metrics_rebuilding` until then)
    /// and in the log every 10,000 subscriptions. `progress` hears each page after `/health` shows it.
    public func rebuildMetricsIfNeeded(
        app: AppSettings, health: AppHealth, logger: Logger, progress: @Sendable (ReplaySummary) async -> Void = { _ in }
    ) async throws -> ReplaySummary? {
        let clock = clock
        do {
            let summary = try await rebuildMetricsIfNeeded(app: app) { summary in
                await health.report(
                    appID: app.id, code: Self.metricsRebuildingProblem,
                    message: "the metrics are being rebuilt from the facts while Perennial serves: \(summary.subscriptions) subscriptions so far; the metrics routes answer 503 metrics_rebuilding until it ends",
                    at: clock.now())
                // Pages are full but the last: once in each 10,000.
                if summary.subscriptions % 10_000 < pageSize {
                    logger.info("rebuilding the metrics", metadata: ["app": "\(app.id)", "subscriptions": "\(summary.subscriptions)"])
                }
                await progress(summary)
            }
            await health.clear(appID: app.id, code: Self.metricsRebuildingProblem)
            return summary
        } catch {
            await health.report(
                appID: app.id, code: Self.metricsRebuildingProblem,
                message: "the metrics' rebuild stopped (\(PerennialError.code(of: error))); run perennial replay --app \(app.id)",
                at: clock.now())
            throw error
        }
    }
}
