import Foundation
import PerennialCore

/// What a store brings to Perennial: the one place that knows its documents and its API. The engine,
/// storage and HTTP layers name no store; an adapter translates, it never decides (the engine decides on the
/// facts the adapter gives it).
public protocol StoreAdapter: Sendable {
    /// The store this adapter speaks for.
    var store: Store { get }

    /// The error codes the store's adapter and routes answer with besides the store-neutral ones
    /// (`ErrorCode.storeNeutral`).
    var errorCodes: [ErrorCode] { get }

    /// The path segment of the store's notification endpoint, `/v1/<segment>/notifications/{app_id}`.
    var notificationPathSegment: String { get }

    /// The path of the store's notification endpoint after `/v1/` and before `/{app_id}`; by default
    /// `<notificationPathSegment>/notifications` (Stripe names its own `stripe/webhooks`).
    var notificationPath: String { get }

    /// Checks a notification request's own credentials, before anything is stored: Google's Pub/Sub push
    /// sends an OIDC bearer token (`Authorization`), Stripe an HMAC of the raw body (`Stripe-Signature`).
    /// Throws `notification_unauthenticated` when it must be refused, and then nothing is stored. Stores that
    /// sign their bodies instead (the App Store) check nothing here.
    func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws

    /// Checks that a body is shaped like one of the store's notifications, before it is stored (throws
    /// `invalid_notification` otherwise), and returns its format's version, kept with it.
    func notificationFormatVersion(of body: Data) throws -> Int

    /// Checks that a notification body came from the store for this app and translates it into facts.
    /// Throws a `PerennialError` whose code names the verdict when the notification must be refused, or one
    /// of kind `.unavailable` when verification cannot be completed now (it is stored and retried).
    func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification

    /// Asks the store what it says now about a subscription, as facts (never trusting what an app or a
    /// notification claimed); nil when this app gives no way to ask (no API credentials).
    func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch?

    /// The store's periodic work for an app, scheduled by `MaintenanceScheduler` at each tick (Google Play:
    /// the sweep of voided purchases; the App Store: the notification-history catch-up once its interval has
    /// passed). Jobs should carry a deduplication key with `.keep`, so one waits at a
    /// time.
    func periodicJobs(app: AppSettings, at now: Instant) async throws -> [NewJob]

    /// How the app's subscriptions in this store are polled for their status (which, how often, at what
    /// pace); nil: they are not.
    func statusPolling(app: AppSettings) -> StatusPollingSettings?

    /// The job that checks one subscription's status with the store at `runAt`.
    func statusPollJob(app: AppSettings, candidate: PollCandidate, runAt: Instant) throws -> NewJob

    /// Performs an effect the engine decided that needs the store (acknowledging a purchase) and returns the
    /// facts the store gives back (the purchase, now acknowledged), or none. Jobs run at least once: doing it
    /// twice must be harmless.
    func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch

    /// Checks what can be checked of the app's set-up with the store (credentials, products, notifications)
    /// for `perennial doctor` and /health, changing nothing at the store; `activity` is what Perennial has
    /// seen of the store for this app. An app that does not use the store has no problems with it.
    func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis]
}

extension StoreAdapter {
    /// Nothing to check: the body carries the store's proof.
    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {}

    /// `<notificationPathSegment>/notifications`.
    public var notificationPath: String { "\(notificationPathSegment)/notifications" }

    /// Nothing to check.
    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] { [] }

    /// Not polled.
    public func statusPolling(app: AppSettings) -> StatusPollingSettings? { nil }

    /// A `StoreStatusPollJob`: the adapter's `currentFacts`, ingested.
    public func statusPollJob(app: AppSettings, candidate: PollCandidate, runAt: Instant) throws -> NewJob {
        try StoreStatusPollJob.job(appID: app.id, subscription: SubscriptionKey(store: store, id: candidate.subscriptionID), runAt: runAt)
    }

    /// None of its own.
    public var errorCodes: [ErrorCode] { [] }

    /// No periodic work.
    public func periodicJobs(app: AppSettings, at now: Instant) async throws -> [NewJob] { [] }
}
