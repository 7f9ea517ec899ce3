import Logging
import PerennialCore
import PerennialHTTP
import PerennialServices

/// Reloads a running server's configuration from its file (SIGHUP, `POST /v1/admin/reload`): the file is
/// read and checked exactly as at startup; a refused file changes nothing. Otherwise the apps are recorded
/// in the database, their webhook endpoints applied, the rate limits updated, and the app directory every
/// service reads swapped last, in one step, so requests see the old apps or the new, never a mix.
/// `ReloadPlan` says what waits for a restart. One reload runs at a time.
actor ConfigurationReloader: ConfigurationReloading {
    /// The app directory's contents made from configured apps (store management URLs filled in).
    typealias Serving = @Sendable (_ apps: [AppSettings], _ configuration: PerennialConfiguration) -> [AppSettings]

    private let load: @Sendable () throws -> PerennialConfiguration
    private var running: PerennialConfiguration
    private let directory: AppDirectory
    private let serving: Serving
    private let ledger: any Ledger
    private let secrets: SecretBox
    private let webhooks: WebhookService
    private let rateLimiter: RateLimiter
    private let clock: any Clock
    private let logger: Logger

    init(
        load: @escaping @Sendable () throws -> PerennialConfiguration, running: PerennialConfiguration, directory: AppDirectory,
        serving: @escaping Serving, ledger: any Ledger, secrets: SecretBox, webhooks: WebhookService, rateLimiter: RateLimiter,
        clock: any Clock, logger: Logger
    ) {
        self.load = load
        self.running = running
        self.directory = directory
        self.serving = serving
        self.ledger = ledger
        self.secrets = secrets
        self.webhooks = webhooks
        self.rateLimiter = rateLimiter
        self.clock = clock
        self.logger = logger
    }

    func reload() async throws -> ConfigurationReloadReport {
        let file: PerennialConfiguration
        do {
            file = try load()
        } catch {
            logger.error("configuration reload refused; the running configuration stays", metadata: ["problem": "\(error)"])
            throw PerennialError(.configurationRejected, "\(error)")
        }
        let plan = ReloadPlan(running: running, file: file)
        let next = plan.configuration
        do {
            try await AppRegistration.register(
                next.apps, ledger: ledger, secrets: secrets, at: clock.now())
            try await webhooks.applyConfiguration(plan.webhooks)
        } catch {
            // The database refused the new apps or endpoints: the server goes on serving what it had (the
            // directory is swapped only below); a reload once the database is back applies the file whole.
            logger.error("configuration reload failed while recording it; the running configuration stays", metadata: [
                "error_type": "\(type(of: error))",
            ])
            throw error
        }
        await rateLimiter.update(apps: next.apps)
        directory.replace(with: serving(next.apps, next))
        running = next
        var metadata: Logger.Metadata = [
            "apps": "\(plan.report.apps.count)", "added": "\(plan.report.added.joined(separator: ","))",
            "removed": "\(plan.report.removed.joined(separator: ","))", "changed": "\(plan.report.changed.joined(separator: ","))",
        ]
        if !plan.report.restartRequired.isEmpty {
            metadata["restart_required"] = "\(plan.report.restartRequired.joined(separator: ","))"
            logger.warning("configuration reloaded; some changes wait for a restart", metadata: metadata)
        } else {
            logger.notice("configuration reloaded", metadata: metadata)
        }
        return plan.report
    }
}
