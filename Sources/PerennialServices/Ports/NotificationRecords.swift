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

    /// Records what processing a notification concluded, in this write.
    func settleNotification(appID: String, notificationID: String, outcome: InboundNotification.Outcome) async throws
}
