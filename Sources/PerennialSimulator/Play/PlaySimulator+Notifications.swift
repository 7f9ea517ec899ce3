import Foundation
import PerennialCore

extension PlaySimulator {
    /// Google's subscription notification types the simulator sends.
    enum NotificationType: Int {
        case recovered = 1, renewed = 2, canceled = 3, purchased = 4, onHold = 5, inGracePeriod = 6, deferred = 9
        case paused = 10, pauseScheduleChanged = 11, revoked = 12, expired = 13
    }

    /// Starts pushing RTDN to `target` through `sender`.
    public func setPush(_ target: PlayPushTarget?, sender: (any PlayPushSender)?) {
        pushTarget = target
        pushSender = sender
    }

    /// Brings every purchase up to now (renewals, grace, hold, expiry, refunds of purchases nobody
    /// acknowledged), then pushes what is waiting. Call it after moving the clock.
    public func tick() async {
        for token in purchases.keys.sorted() { _ = try? settled(token) }
        for token in productPurchases.keys.sorted() { _ = try? settledProduct(token: token) }
        await deliver()
    }

    /// Pushes the waiting notifications in order; those not delivered wait for the next tick (Pub/Sub
    /// redelivers until it gets a 2xx).
    public func deliver() async {
        guard let target = pushTarget, let sender = pushSender else { return }
        var undelivered: [PendingPush] = []
        let waiting = pendingPushes
        pendingPushes = []
        for push in waiting {
            let authorization = (try? pushToken(audience: target.audience, email: target.serviceAccountEmail)).map { "Bearer \($0)" } ?? ""
            let status = await sender.post(url: target.endpoint, authorization: authorization, body: push.body)
            if let status, (102..<300).contains(status) {
                deliveredPushes += 1
            } else {
                undelivered.append(push)
            }
        }
        pendingPushes = undelivered + pendingPushes
    }

    /// How many pushes were delivered, and how many wait.
    public var pushCounts: (delivered: Int, waiting: Int) { (deliveredPushes, pendingPushes.count) }

    /// Queues a subscription notification about `token`.
    func notify(_ type: NotificationType, token: String) {
        enqueue(["subscriptionNotification": ["version": "1.0", "notificationType": type.rawValue, "purchaseToken": token]])
    }

    /// Queues a voided purchase notification.
    func notifyVoided(token: String, orderID: String) {
        enqueue(["voidedPurchaseNotification": ["purchaseToken": token, "orderId": orderID, "productType": 1, "refundType": 1]])
    }

    /// Queues a one-time product notification (1 purchased, 2 canceled).
    func notifyProduct(type: Int, token: String, productID: String) {
        enqueue(["oneTimeProductNotification": ["version": "1.0", "notificationType": type, "purchaseToken": token, "sku": productID]])
    }

    /// The notifications time brought between `before` and `after`.
    func notifyTransition(from before: PlaySimulatedPurchase, to after: PlaySimulatedPurchase) {
        if after.renewals > before.renewals {
            notify(before.phase == .inGracePeriod || before.phase == .onHold ? .recovered : .renewed, token: after.token)
        }
        guard after.phase != before.phase else { return }
        switch after.phase {
        case .inGracePeriod: notify(.inGracePeriod, token: after.token)
        case .onHold: notify(.onHold, token: after.token)
        case .paused: notify(.paused, token: after.token)
        case .expired where after.cancellation != .replacement: notify(.expired, token: after.token)
        default: break
        }
    }

    func enqueue(_ notification: [String: Any]) {
        var developer: [String: Any] = [
            "version": "1.0", "packageName": packageName, "eventTimeMillis": "\(clock.now().milliseconds)",
        ]
        developer.merge(notification) { $1 }
        guard let data = try? JSONSerialization.data(withJSONObject: developer, options: [.sortedKeys]) else { return }
        nextMessageID += 1
        let envelope: [String: Any] = [
            "message": [
                "data": data.base64EncodedString(), "messageId": "\(nextMessageID)", "message_id": "\(nextMessageID)",
                "publishTime": PlaySubscriptionJSON.time(clock.now()),
            ],
            "subscription": "projects/perennial-simulator/subscriptions/play-rtdn",
        ]
        guard let body = try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys]) else { return }
        pendingPushes.append(PendingPush(body: body))
    }
}
