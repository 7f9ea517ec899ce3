import Foundation
import PerennialCore
import PerennialOutbound

/// A simulator's webhooks on their way: queued as events happen (twice or late when a fault says so),
/// posted when due, signed by the store's own `sign`, and retried until answered with a 2xx, at most
/// `maximumAttempts` times, as the stores do.
public struct WebhookOutbox: Sendable {
    public let maximumAttempts: Int
    public private(set) var pending: [WebhookDelivery] = []
    public private(set) var attempts: [WebhookAttempt] = []

    public init(maximumAttempts: Int) {
        self.maximumAttempts = maximumAttempts
    }

    /// Queues `delivery`, applying the webhook faults in `faults`.
    public mutating func enqueue(_ delivery: WebhookDelivery, faults: inout SimulatedFaults) {
        var delivery = delivery
        if faults.take(.delayWebhook) != nil { delivery.due = delivery.retry(after: delivery.due) }
        pending.append(delivery)
        if faults.take(.duplicateWebhook) != nil { pending.append(delivery) }
    }

    /// Takes the deliveries due at `now` off the queue, to be posted.
    public mutating func takeDue(at now: Instant) -> [WebhookDelivery] {
        let due = pending.filter { $0.due <= now }
        pending.removeAll { $0.due <= now }
        return due
    }

    /// Records how a posted delivery went; queues it again when it got no 2xx and attempts are left.
    public mutating func record(_ delivery: WebhookDelivery, status: Int?, now: Instant) {
        attempts.append(WebhookAttempt(eventID: delivery.eventID, eventType: delivery.eventType, url: delivery.url, status: status))
        var next = delivery
        next.attempt += 1
        if !(200..<300).contains(status ?? 0), next.attempt < maximumAttempts {
            next.due = next.retry(after: now)
            pending.append(next)
        }
    }

    /// Posts `delivery` as `request` over `transport`; the status answered, nil when none.
    public static func post(_ request: HTTPTransportRequest, over transport: any HTTPTransport) async -> Int? {
        try? await transport.send(request).status
    }
}
