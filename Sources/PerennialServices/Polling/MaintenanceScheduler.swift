import Foundation
import Logging
import PerennialCore

/// Puts the periodic work in the job queue, so it runs durably, at least once, and on one worker at a time
/// even with several processes: status polls of the subscriptions that need one (paced per app), a
/// new attempt for notifications whose processing was interrupted (stored, never settled, no job left to
/// finish them), and each store adapter's own periodic work (`StoreAdapter.periodicJobs`: the App Store's
/// notification-history catch-up, Google Play's voided-purchase sweep). It also drops rejected notifications past their
/// retention (`RejectedNotificationRetention.maxAge`).
public struct MaintenanceScheduler: Sendable {
    /// A notification still unsettled this long after it arrived is processed again.
    public static let interruptedAfter = Duration.seconds(300)

    let apps: AppDirectory
    let schedule: any PollSchedule
    let jobs: any JobQueue
    let inbox: any NotificationInbox
    let clock: any Clock
    let logger: Logger
    /// How often `run` ticks; polls are paced over this span.
    let tickInterval: Duration
    let retention: RejectedNotificationRetention
    let adapters: StoreAdapters

    public init(
        apps: AppDirectory, schedule: any PollSchedule, jobs: any JobQueue, inbox: any NotificationInbox, clock: any Clock,
        logger: Logger, tickInterval: Duration = .seconds(60),
        retention: RejectedNotificationRetention = RejectedNotificationRetention(), adapters: StoreAdapters = StoreAdapters([])
    ) {
        self.retention = retention
        self.adapters = adapters
        self.apps = apps
        self.schedule = schedule
        self.jobs = jobs
        self.inbox = inbox
        self.clock = clock
        self.logger = logger
        self.tickInterval = tickInterval
    }

    /// Schedules what is due now; returns how many jobs were enqueued.
    @discardableResult
    public func tick() async throws -> Int {
        var enqueued = 0
        for app in apps.apps {
            try await inbox.pruneRejected(appID: app.id, retention: retention, now: clock.now())
            for adapter in adapters.all {
                if let polling = adapter.statusPolling(app: app) { enqueued += try await schedulePolls(app: app, adapter: adapter, settings: polling) }
            }
            for adapter in adapters.all {
                for job in try await adapter.periodicJobs(app: app, at: clock.now()) {
                    try await jobs.enqueue(job)
                    enqueued += 1
                }
            }
        }
        return enqueued + (try await scheduleInterruptedNotifications())
    }

    /// Runs `tick` every `tickInterval` until cancelled.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await tick()
            } catch {
                logger.error("maintenance scheduling failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: tickInterval)
        }
    }

    /// Enqueues up to one tick's worth of polls at the app's pace, spread over the tick.
    func schedulePolls(app: AppSettings, adapter: any StoreAdapter, settings: StatusPollingSettings) async throws -> Int {
        let now = clock.now()
        let spacing = max(1_000 / Int64(max(settings.requestsPerSecond, 1)), 1)
        let budget = Int(max(tickInterval.milliseconds / spacing, 1))
        let due = try await schedule.subscriptionsDue(
            appID: app.id, store: adapter.store, criteria: settings.criteria, now: now, limit: budget)
        for (index, candidate) in due.enumerated() {
            try await jobs.enqueue(adapter.statusPollJob(app: app, candidate: candidate, runAt: now.adding(milliseconds: Int64(index) * spacing)))
        }
        try await schedule.markPolled(
            appID: app.id, store: adapter.store, subscriptionIDs: due.map(\.subscriptionID), at: now)
        return due.count
    }

    /// Enqueues processing for notifications stored but never settled, long after they arrived.
    func scheduleInterruptedNotifications() async throws -> Int {
        let before = clock.now().adding(milliseconds: -Self.interruptedAfter.milliseconds)
        let stuck = try await inbox.unsettled(receivedBefore: before, limit: 500).filter { apps.app(id: $0.appID) != nil }
        for notification in stuck {
            // `.keep`: a job already waiting (with its backoff) or buried for it stays as it is.
            try await jobs.enqueue(NotificationProcessingJob.job(
                appID: notification.appID, notificationID: notification.notificationID, runAt: clock.now(), onDuplicate: .keep
            ))
        }
        return stuck.count
    }
}
