import Foundation
import PerennialCore

/// The store notifications' table (the `NotificationInbox`'s) inside a ledger write. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol NotificationRecords: Sendable {
    /// Stores a notification unless one with the same app and id is already there, as
    /// `NotificationInbox.receive` does, in this write.
    func receiveNotification(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool)

    /// Whether a notification with this store id was already processed (this write's own included).
    func hasProcessedNotification(appID: String, notificationUUID: String) async throws -> Bool

    /// `receiveNotification`, and whether a notification with the store id `notificationUUID` was already
    /// processed (`hasProcessedNotification`): a store may send one event under several delivery ids. A
    /// database may answer both in one statement.
    func receiveNotification(
        _ notification: InboundNotification, checkingProcessed notificationUUID: String?
    ) async throws -> (record: InboundNotification, isNew: Bool, processedBefore: Bool)

    /// Records what processing a notification concluded, in this write.
    func settleNotification(appID: String, notificationID: String, outcome: InboundNotification.Outcome) async throws
}

extension NotificationRecords {
    public func receiveNotification(
        _ notification: InboundNotification, checkingProcessed notificationUUID: String?
    ) async throws -> (record: InboundNotification, isNew: Bool, processedBefore: Bool) {
        try await receiveNotificationThenCheck(notification, checkingProcessed: notificationUUID)
    }

    /// `receiveNotification(_:checkingProcessed:)` as two calls, for a database that cannot do better.
    public func receiveNotificationThenCheck(
        _ notification: InboundNotification, checkingProcessed notificationUUID: String?
    ) async throws -> (record: InboundNotification, isNew: Bool, processedBefore: Bool) {
        let (record, isNew) = try await receiveNotification(notification)
        guard let notificationUUID else { return (record, isNew, false) }
        return (record, isNew, try await hasProcessedNotification(appID: notification.appID, notificationUUID: notificationUUID))
    }
}
