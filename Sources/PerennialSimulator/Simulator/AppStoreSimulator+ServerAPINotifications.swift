import Foundation
import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Get Notification History: the app's version 2 notifications created in `[startDate, endDate)`,
    /// filtered, 20 a page, each with its send attempts.
    func serverAPINotificationHistory(
        _ scope: ServerAPIScope, request: NotificationHistoryRequest, paginationToken: String?
    ) throws(ServerAPIFailure) -> NotificationHistoryResponse {
        catchUp()
        guard request.startDate < request.endDate else { throw .startDateAfterEndDate }
        if request.transactionId != nil && request.notificationType != nil { throw .multipleFilters }
        if request.notificationSubtype != nil && request.notificationType == nil { throw .invalidNotificationType }
        var originalIDs: Set<String>?
        if let id = request.transactionId {
            let owner = try reachableTransaction(scope, id).owner
            originalIDs = Set(customerTransactions(owner).map(\.originalTransactionID))
        }
        let matching = notificationLog.records.filter { record in
            guard record.version == 2, record.signedPayload != nil,
                scope.reaches(bundleID: record.bundleID, environment: record.environment),
                request.startDate <= record.createdAt, record.createdAt < request.endDate
            else { return false }
            if let type = request.notificationType, record.notificationType != type { return false }
            if let subtype = request.notificationSubtype, record.subtype != subtype { return false }
            if let originalIDs, !originalIDs.contains(record.originalTransactionID ?? "") { return false }
            if request.onlyFailures == true, record.state == .delivered { return false }
            return true
        }
        let page = try ServerAPIPageToken.page(matching, token: paginationToken, invalid: .invalidPaginationToken)
        return NotificationHistoryResponse(
            paginationToken: page.next, hasMore: page.hasMore,
            notificationHistory: page.items.map { record in
                NotificationHistoryResponseItem(signedPayload: record.signedPayload, sendAttempts: Self.sendAttempts(record))
            })
    }

    /// Request a Test Notification: a signed `TEST` notification, sent to the app's version 2 URL.
    func serverAPISendTestNotification(_ scope: ServerAPIScope) -> SendTestNotificationResponse {
        let now = catchUp()
        let environment = scope.environment ?? .sandbox
        let data = state.notificationData(
            bundleID: scope.app.bundleID, environment: environment, transactionID: nil, originalTransactionID: nil,
            at: now)
        guard let signed = state.signedNotificationPayload(type: .test, subtype: nil, data: data, at: now),
            let body = try? JSONEncoder().encode(["signedPayload": signed.jws])
        else { return SendTestNotificationResponse() }
        let token = signed.uuid + "_" + String(now.milliseconds)
        let notification = SimulatorNotification(
            id: state.nextNotificationID, version: 2, notificationType: "TEST", notificationUUID: signed.uuid, event: nil,
            bundleID: scope.app.bundleID, environment: environment, createdAt: now,
            url: scope.app.notificationURL ?? "", signedPayload: signed.jws, body: body)
        state.nextNotificationID += 1
        testNotifications[token] = notification.id
        if scope.app.notificationURL != nil {
            enqueue(notification)
        } else {
            var undeliverable = notification
            undeliverable.state = .failed
            undeliverable.nextAttemptAt = nil
            notificationLog.append([undeliverable])
        }
        return SendTestNotificationResponse(testNotificationToken: token)
    }

    /// Get Test Notification Status.
    func serverAPITestNotificationStatus(_ scope: ServerAPIScope, token: String) throws(ServerAPIFailure)
        -> CheckTestNotificationResponse
    {
        catchUp()
        guard let id = testNotifications[token], let record = notificationLog.record(id: id),
            record.bundleID == scope.app.bundleID
        else { throw .testNotificationNotFound }
        return CheckTestNotificationResponse(signedPayload: record.signedPayload, sendAttempts: Self.sendAttempts(record))
    }

    static func sendAttempts(_ record: SimulatorNotification) -> [SendAttemptItem] {
        record.attempts.map { attempt in
            SendAttemptItem(attemptDate: attempt.attemptedAt, sendAttemptResult: SendAttemptResult(rawValue: attempt.result))
        }
    }
}
