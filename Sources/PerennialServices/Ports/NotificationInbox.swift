import Foundation
import PerennialCore

/// Where store notifications are kept, durably, before the store is told they arrived: the raw body
/// (sealed), what became of it, and the id that makes a repeat a no-op.
public protocol NotificationInbox: Sendable {
    /// Stores a notification unless one with the same app and id is already there. Returns the stored
    /// record: the new one, or the earlier one when this is a repeat. (Settling it, and asking whether the
    /// store's id was processed, happen inside the ledger write that ingests it: `LedgerSession`.)
    func receive(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool)

    /// Settles a notification as rejected, keeping of its body only `sealedExcerpt` and its size, then
    /// applies `retention` to the app's rejected notifications (see `pruneRejected`).
    func reject(
        appID: String, notificationID: String, outcome: InboundNotification.Outcome, sealedExcerpt: Data, bodyBytes: Int,
        retention: RejectedNotificationRetention
    ) async throws

    /// Drops the app's rejected notifications older than the retention's age, then the oldest beyond its
    /// count and bytes.
    func pruneRejected(appID: String, retention: RejectedNotificationRetention, now: Instant) async throws

    /// When the latest notification from `store` for the app arrived; nil: none ever did.
    func lastReceived(appID: String, store: Store) async throws -> Instant?

    /// An app's notifications, newest first; after `cursor`'s (received then, or before) when given.
    func notifications(appID: String, after cursor: PageCursor?, limit: Int) async throws -> [InboundNotification]

    /// One notification, with its sealed body.
    func notification(appID: String, notificationID: String) async throws -> InboundNotification?

    /// Notifications of every app still `received` (not settled) that arrived before `receivedBefore`,
    /// oldest first: those whose processing was interrupted.
    func unsettled(receivedBefore: Instant, limit: Int) async throws -> [InboundNotification]
}

extension NotificationInbox {
    /// An app's latest notifications, newest first.
    public func notifications(appID: String, limit: Int) async throws -> [InboundNotification] {
        try await notifications(appID: appID, after: nil, limit: limit)
    }
}
