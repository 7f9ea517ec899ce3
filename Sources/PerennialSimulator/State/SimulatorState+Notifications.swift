import Foundation
import PerennialAppStore
import PerennialCore

extension SimulatorState {
    /// Queues the notifications an event causes for its app: version 2 when the app has a
    /// `notification_url`, version 1 when it has a `notification_url_v1`. Signed as of the event's instant.
    mutating func enqueueNotifications(for event: SimulatorEvent) {
        guard let app = app(event.bundleID) else { return }
        if let url = app.notificationURL,
            let (type, subtype) = NotificationMapping.version2(for: event, hasGracePeriod: app.gracePeriodDays > 0),
            let notification = version2Notification(event, url: url, type: type, subtype: subtype)
        {
            outbox.append(notification)
        }
        if let url = app.notificationURLV1, let type = NotificationMapping.version1(for: event),
            let notification = version1Notification(event, app: app, url: url, type: type)
        {
            outbox.append(notification)
        }
    }

    /// A notification's `data`: the app, and for a purchase its transaction and, for a subscription, its
    /// renewal info and status, all as of `instant`.
    func notificationData(
        bundleID: String, environment: StoreEnvironment, transactionID: String?, originalTransactionID: String?,
        at instant: Instant
    ) -> NotificationData {
        var data = NotificationData()
        data.appAppleId = environment == .production ? appAppleID(bundleID) : nil
        data.bundleId = bundleID
        data.bundleVersion = "1.0"
        data.environment = Self.appleEnvironment(environment)
        if let transactionID {
            data.signedTransactionInfo = signedTransaction(transactionID, signedDate: instant)
        }
        if let originalTransactionID, let subscription = subscriptions[originalTransactionID] {
            data.signedRenewalInfo = signedRenewalInfo(originalTransactionID, signedDate: instant)
            data.status = AppleSubscriptionStatus(rawValue: appleStatus(of: subscription, at: instant))
        }
        return data
    }

    /// A signed version 2 notification payload, and its id.
    func signedNotificationPayload(
        type: NotificationTypeV2, subtype: NotificationSubtype?, data: NotificationData, at instant: Instant
    ) -> (uuid: String, jws: String)? {
        var payload = ResponseBodyV2DecodedPayload()
        payload.notificationType = type
        payload.subtype = subtype
        payload.notificationUUID = UUID().uuidString.lowercased()
        payload.data = data
        payload.version = "2.0"
        payload.signedDate = instant
        guard let uuid = payload.notificationUUID, let jws = try? SimulatorJWS.sign(payload, with: authority) else {
            return nil
        }
        return (uuid, jws)
    }

    private mutating func version2Notification(
        _ event: SimulatorEvent, url: String, type: NotificationTypeV2, subtype: NotificationSubtype?
    ) -> SimulatorNotification? {
        let subscription = subscriptions[event.originalTransactionID]
        let transactionID = event.transactionID ?? subscription?.latestTransactionID
        let data = notificationData(
            bundleID: event.bundleID, environment: event.environment, transactionID: transactionID,
            originalTransactionID: subscription?.originalTransactionID, at: event.occurredAt)
        guard let signed = signedNotificationPayload(type: type, subtype: subtype, data: data, at: event.occurredAt),
            let body = try? JSONEncoder().encode(["signedPayload": signed.jws])
        else { return nil }
        defer { nextNotificationID += 1 }
        return SimulatorNotification(
            id: nextNotificationID, version: 2, notificationType: type.rawValue, subtype: subtype?.rawValue,
            notificationUUID: signed.uuid, event: event, bundleID: event.bundleID, environment: event.environment,
            createdAt: event.occurredAt, url: url, signedPayload: signed.jws, body: body)
    }

    private mutating func version1Notification(
        _ event: SimulatorEvent, app: SimulatorApp, url: String, type: String
    ) -> SimulatorNotification? {
        let owner = ReceiptOwner(environment: event.environment, account: event.account, bundleID: event.bundleID)
        guard let body = version1Body(event, owner: owner, app: app, type: type) else { return nil }
        defer { nextNotificationID += 1 }
        return SimulatorNotification(
            id: nextNotificationID, version: 1, notificationType: type, event: event, bundleID: event.bundleID,
            environment: event.environment, createdAt: event.occurredAt, url: url, body: body)
    }
}
