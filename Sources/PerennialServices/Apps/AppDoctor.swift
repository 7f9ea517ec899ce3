import PerennialCore

/// Checks each app's set-up with its stores, for `perennial doctor` and /health: what each store's adapter
/// finds (`StoreAdapter.diagnose`), given what Perennial has seen of the store, and what no store can say
/// alone — effects that keep failing (a purchase Google will refund if it stays unacknowledged).
public struct AppDoctor: Sendable {
    /// How many of an app's latest notifications are read for those refused as another app's.
    static let notificationSample = 100

    /// How long one store's checks of one app may take: a store that does not answer makes them wait for
    /// its timeouts and retries, which the doctor does not.
    public static let defaultCheckTimeout: Duration = .seconds(15)
    /// The code of a store's checks abandoned after `checkTimeout`.
    public static let checkTimedOut = "store_check_timed_out"

    let apps: [AppSettings]
    let adapters: StoreAdapters
    let inbox: any NotificationInbox
    let jobs: any JobQueue
    let health: AppHealth
    let clock: any Clock
    let checkTimeout: Duration

    /// - Parameter checkTimeout: how long each store's checks of an app may take (wall-clock time); they run
    ///   concurrently, for every app at once.
    public init(
        apps: [AppSettings], adapters: StoreAdapters, inbox: any NotificationInbox, jobs: any JobQueue, health: AppHealth,
        clock: any Clock, checkTimeout: Duration = defaultCheckTimeout
    ) {
        self.apps = apps
        self.adapters = adapters
        self.inbox = inbox
        self.jobs = jobs
        self.health = health
        self.clock = clock
        self.checkTimeout = checkTimeout
    }

    /// The same doctor, giving each store's checks `checkTimeout` (tests on a loaded machine).
    public func checking(within checkTimeout: Duration) -> AppDoctor {
        AppDoctor(apps: apps, adapters: adapters, inbox: inbox, jobs: jobs, health: health, clock: clock, checkTimeout: checkTimeout)
    }

    /// Everything wrong with one app, sorted by store, then code. Each store's checks run at once, each for
    /// at most `checkTimeout`.
    public func examine(_ app: AppSettings) async -> [StoreDiagnosis] {
        let recent = (try? await inbox.notifications(appID: app.id, limit: Self.notificationSample)) ?? []
        var checks: [(adapter: any StoreAdapter, activity: StoreActivity)] = []
        for adapter in adapters.all {
            checks.append((adapter, StoreActivity(
                lastNotificationAt: try? await inbox.lastReceived(appID: app.id, store: adapter.store),
                notificationsForAnotherApp: recent.filter {
                    $0.store == adapter.store && $0.outcome?.errorCode == ErrorCode.invalidAppIdentifier.rawValue
                }.count
            )))
        }
        let found = await withTaskGroup(of: [StoreDiagnosis].self) { group in
            for check in checks {
                group.addTask { await diagnose(app, with: check.adapter, activity: check.activity) }
            }
            group.addTask { await failingEffects(app) }
            return await group.reduce(into: []) { $0 += $1 }
        }
        return found.sorted { ($0.store?.rawValue ?? "", $0.code) < ($1.store?.rawValue ?? "", $1.code) }
    }

    /// Examines every app (all at once) and puts what it found on /health; returns it by app id.
    @discardableResult
    public func refresh() async -> [String: [StoreDiagnosis]] {
        let all = await withTaskGroup(of: (String, [StoreDiagnosis]).self) { group in
            for app in apps {
                group.addTask { (app.id, await examine(app)) }
            }
            return await group.reduce(into: [String: [StoreDiagnosis]]()) { $0[$1.0] = $1.1 }
        }
        for (appID, diagnoses) in all.sorted(by: { $0.key < $1.key }) {
            await health.replaceDiagnoses(appID: appID, diagnoses, at: clock.now())
        }
        return all
    }

    /// One store's checks of an app, abandoned (and reported) when they outlast `checkTimeout`.
    private func diagnose(_ app: AppSettings, with adapter: any StoreAdapter, activity: StoreActivity) async -> [StoreDiagnosis] {
        let finished = await withTaskGroup(of: [StoreDiagnosis]?.self) { group in
            group.addTask { await adapter.diagnose(app: app, activity: activity) }
            group.addTask { [checkTimeout] in
                try? await Task.sleep(for: checkTimeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        return finished ?? [StoreDiagnosis(
            store: adapter.store, code: Self.checkTimedOut,
            problem: "the \(adapter.store.rawValue) checks did not finish within \(Int(checkTimeout.components.seconds)) s: the store "
                + "did not answer in time, so what it would reveal is unknown",
            fix: "check that this server reaches the store (network, DNS, proxy, the configured API URLs), then run perennial doctor again"
        )]
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
