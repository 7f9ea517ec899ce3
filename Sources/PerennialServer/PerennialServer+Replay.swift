import Logging
import PerennialCore
import PerennialServices

extension PerennialServer {
    /// `perennial replay`: rebuilds the states of the configured apps' subscriptions (of `appID` when given)
    /// from their stored facts in the configured database; with `dryRun`, only counts what would change.
    /// Returns each app's summary, by app id.
    public static func replay(
        _ overrides: Overrides, appID: String?, dryRun: Bool, logger: Logger = Logger(label: "perennial"),
        progress: @escaping @Sendable (String, ReplaySummary) -> Void = { _, _ in }
    ) async throws -> [(app: String, summary: ReplaySummary)] {
        let configuration = try configuration(overrides)
        let apps = configuration.apps.filter { appID == nil || $0.id == appID }
        if let appID, apps.isEmpty { throw PerennialError(.appNotFound, "no app \(appID) is configured") }
        let stack = try await openStack(configuration, logger: logger)
        do {
                        var summaries: [(app: String, summary: ReplaySummary)] = []
            for app in apps {
                let settings = stack.apps.app(id: app.id) ?? app
                let summary = try await stack.replay.replay(app: settings, dryRun: dryRun) { progress(app.id, $0) }
                summaries.append((app.id, summary))
            }
            await stack.shutdown()
            return summaries
        } catch {
            await stack.shutdown()
            throw error
        }
    }
}
