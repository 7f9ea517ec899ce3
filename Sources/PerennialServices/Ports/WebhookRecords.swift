import Foundation
import PerennialCore

/// The team's webhook endpoints and the deliveries owed to them (the webhook outbox). A role of
/// `LedgerSession`: deliveries are recorded in the ledger write that records their events, so a write that
/// rolls back sends nothing and one that commits is never lost. Deliveries are never deleted.
public protocol WebhookRecords: Sendable {
    /// The app's endpoints, by creation.
    func webhookEndpoints(appID: String) async throws -> [WebhookEndpointRecord]

    /// The app's endpoints as the writes that record events see them: possibly from a cache, which this
    /// process's own changes clear at once and another process's reach within a second.
    func recordingWebhookEndpoints(appID: String) async throws -> [WebhookEndpointRecord]

    /// One endpoint of the app.
    func webhookEndpoint(appID: String, id: String) async throws -> WebhookEndpointRecord?

    /// Inserts or replaces an endpoint.
    func saveWebhookEndpoint(_ endpoint: WebhookEndpointRecord) async throws

    /// Removes an endpoint (its deliveries stay; those still owed become dead letters, `endpoint_removed`);
    /// returns whether there was one.
    func deleteWebhookEndpoint(appID: String, id: String) async throws -> Bool

    /// Records deliveries owed; returns their ids in the same order.
    func recordWebhookDeliveries(_ deliveries: [NewWebhookDelivery]) async throws -> [Int64]

    /// Records deliveries owed as the write commits, with those of the writes that share its commit (one
    /// statement for many): their ids are not known before. A later step of the same write that lists,
    /// counts or changes deliveries other than by id sees them as if they had been recorded at once.
    func recordWebhookDeliveriesAtCommit(_ deliveries: [NewWebhookDelivery]) async throws

    /// One delivery of the app.
    func webhookDelivery(appID: String, id: Int64) async throws -> WebhookDeliveryRecord?

    /// Records the outcome of an attempt on a delivery: its state, status, error, latency and next attempt;
    /// its lease ends. On a delivery no longer pending (delivered by another attempt, or a dead letter since
    /// its endpoint went) only a delivered outcome is recorded: a failure never brings it back in line.
    func recordWebhookAttempt(deliveryID: Int64, _ attempt: WebhookAttempt) async throws

    /// Records several attempts' outcomes as `recordWebhookAttempt` does, in a few statements. A delivery
    /// appears at most once.
    func recordWebhookAttempts(_ attempts: [(deliveryID: Int64, attempt: WebhookAttempt)]) async throws

    /// Puts a failed delivery (a dead letter) back to pending, due at `at`; returns it, or nil when the app
    /// has no failed delivery with this id.
    func reopenWebhookDelivery(appID: String, id: Int64, at: Instant) async throws -> WebhookDeliveryRecord?

    /// An endpoint's deliveries, newest first, with ids below `before` (nil: from the newest), in one state
    /// when given, at most `limit`.
    func webhookDeliveries(
        appID: String, endpointID: String, state: WebhookDeliveryState?, before: Int64?, limit: Int
    ) async throws -> [WebhookDeliveryRecord]

    /// An endpoint's first deliveries (one per event, the earliest) of events that occurred in `from...to`,
    /// oldest first, at most `limit`, after delivery id `after`: what a replay sends again.
    func webhookDeliveriesToReplay(
        appID: String, endpointID: String, from: Instant, to: Instant, after: Int64, limit: Int
    ) async throws -> [WebhookDeliveryRecord]

    /// Every app's endpoints, by app and creation: those the dispatcher sends to.
    func everyWebhookEndpoint() async throws -> [WebhookEndpointRecord]

    /// An endpoint's pending deliveries with ids above `after`, in the order they were recorded, at most
    /// `limit`: what the dispatcher scans.
    func pendingWebhookDeliveries(appID: String, endpointID: String, after: Int64, limit: Int) async throws -> [PendingWebhookDelivery]

    /// Leases, until `until`, those of these deliveries that are pending, due at `now` and not leased;
    /// returns them, by id. Of two dispatchers asking for one delivery, one gets it.
    func leaseWebhookDeliveries(ids: [Int64], now: Instant, until: Instant) async throws -> [WebhookDeliveryRecord]

    /// Ends deliveries' leases without an attempt (their dispatcher stopped, or could not start them in
    /// time), so they are claimed again at once.
    func releaseWebhookDeliveries(ids: [Int64]) async throws

    /// Makes every pending delivery of the endpoint a dead letter with this error; returns how many.
    func failPendingWebhookDeliveries(appID: String, endpointID: String, error: String, at now: Instant) async throws -> Int

    /// Each endpoint's pending deliveries counted, with the earliest due time by `now` among those first in
    /// their customer's line (the others wait behind them, not late).
    func webhookOutboxCounts(now: Instant) async throws -> [WebhookOutboxCount]

    /// What a webhook message says of its customer: the ids merged into them (sorted) and the subscriptions
    /// they own (by key), read together in one statement. A subscription whose state is among `known` (the
    /// states the caller's write has just saved) is taken from there instead of being decoded again.
    func webhookRecipient(
        appID: String, appUserID: String, known: [SubscriptionState]
    ) async throws -> (aliases: [String], subscriptions: [SubscriptionState])
}
