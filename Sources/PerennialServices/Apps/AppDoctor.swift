import PerennialCore

/// Checks each app's set-up with its stores, for `perennial doctor` and /health: what each store's adapter
/// finds (`StoreAdapter.diagnose`), given what Perennial has seen of the store, and what no store can say
/// alone — effects that keep failing (a purchase Google will refund if it stays unacknowledged).
public struct AppDoctor: Sendable {
    /// How many of an app's latest notifications are read for those refused as another app's.
    static let notificationSample = 100

    let apps: [AppSettings]
    let adapters: StoreAdapters
    let inbox: any NotificationInbox
    let jobs: any JobQueue
    let health: AppHealth
    let clock: any Clock

    public init(
        apps: [AppSettings], adapters: StoreAdapters, inbox: any NotificationInbox, jobs: any JobQueue, health: AppHealth,
        clock: any Clock
    ) {
        self.apps = apps
        self.adapters = adapters
        self.inbox = inbox
        self.jobs = jobs
        self.health = health
        self.clock = clock
    }

    /// Everything wrong with one app, sorted by store, then code.
    public func examine(_ app: AppSettings) async -> [StoreDiagnosis] {
        var found: [StoreDiagnosis] = []
        let recent = (try? await inbox.notifications(appID: app.id, limit: Self.notificationSample)) ?? []
        for adapter in adapters.all {
            let activity = StoreActivity(
                lastNotificationAt: try? await inbox.lastReceived(appID: app.id, store: adapter.store),
                notificationsForAnotherApp: recent.filter {
                    $0.store == adapter.store && $0.outcome?.errorCode == ErrorCode.invalidAppIdentifier.rawValue
                }.count
            )
            found += await adapter.diagnose(app: app, activity: activity)
        }
        found += await failingEffects(app)
        return found.sorted { ($0.store?.rawValue ?? "", $0.code) < ($1.store?.rawValue ?? "", $1.code) }
    }

    /// Examines every app and puts what it found on /health; returns it by app id.
    @discardableResult
    public func refresh() async -> [String: [StoreDiagnosis]] {
        var all: [String: [StoreDiagnosis]] = [:]
        for app in apps {
            let diagnoses = await examine(app)
            await health.replaceDiagnoses(appID: app.id, diagnoses, at: clock.now())
            all[app.id] = diagnoses
        }
        return all
    }

    /// Refreshes now, then every `interval`, until the task is cancelled.
    public func run(every interval: Duration = .seconds(3_600)) async {
        while !Task.isCancelled {
            await refresh()
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    /// Effects (acknowledgements) whose job gave up: each is a purchase the store may take back.
    private func failingEffects(_ app: AppSettings) async -> [StoreDiagnosis] {
        guard let buried = try? await jobs.jobs(appID: app.id, state: .buried, limit: 1_000) else { return [] }
        let effects = buried.filter { $0.kind == StoreEffectJob.jobKind }
        guard let last = effects.last else { return [] }
        return [StoreDiagnosis(
            store: nil, code: "store_effects_failing",
            problem: "\(effects.count) store effect(s) gave up (acknowledgements: Google Play refunds a purchase left "
                + "unacknowledged for three days); the last error was \(last.lastError ?? "unknown")",
            fix: "fix what the error names (usually the store's credentials or permissions), then re-queue them: "
                + "perennial jobs retry --all-buried --app \(app.id)"
        )]
    }
}
