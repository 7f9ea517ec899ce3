import Foundation

extension StripeSimulator {
    /// Points webhooks at `url`, signed with `secret` (default: a new `whsec_…`); returns the secret. Events
    /// from now on are delivered there.
    @discardableResult
    public func setWebhookEndpoint(url: String, secret: String? = nil) -> String {
        let secret = secret ?? StripeSimulatedID.make("whsec_")
        webhookEndpoint = StripeSimulatedWebhookEndpoint(id: webhookEndpoint?.id ?? StripeSimulatedID.make("we_"), url: url, secret: secret)
        return secret
    }

    /// Rolls the signing secret: a new one signs from now on, and the old one too (a second `v1`) for
    /// `overlapSeconds` of simulator time. Returns the new secret; nil without an endpoint.
    public func rollWebhookSecret(overlapSeconds: Int64 = 86_400) -> String? {
        guard var endpoint = webhookEndpoint else { return nil }
        endpoint.previousSecret = endpoint.secret
        endpoint.previousSecretExpires = simulatorNow + overlapSeconds
        endpoint.secret = StripeSimulatedID.make("whsec_")
        webhookEndpoint = endpoint
        return endpoint.secret
    }

    /// The webhook endpoint, if one is set.
    public func currentWebhookEndpoint() -> StripeSimulatedWebhookEndpoint? {
        webhookEndpoint
    }

    /// Sets what posts the webhooks.
    public func setWebhookSender(_ sender: (any StripeSimulatedWebhookSender)?) {
        webhookSender = sender
    }

    /// Every delivery attempt so far, oldest first.
    public func webhookAttempts() -> [StripeSimulatedWebhookAttempt] {
        attempts
    }

    /// How many events wait for delivery.
    public func pendingWebhookCount() -> Int {
        pendingDeliveries.count
    }

    /// Posts every event whose delivery is due on the simulator clock, in order. A 2xx delivers it; else it
    /// is retried after `StripeSimulatedPendingDelivery.delay` until 3 days after its first attempt. Safe to call
    /// concurrently: a delivery is taken off the queue while it is being posted.
    public func deliverDue() async {
        guard let sender = webhookSender else { return }
        while let index = pendingDeliveries.firstIndex(where: { $0.nextAttemptAt <= simulatorNow }) {
            var delivery = pendingDeliveries.remove(at: index)
            guard let endpoint = webhookEndpoint, let event = events[delivery.eventID] else { continue }
            let now = simulatorNow
            var eventJSON = Self.render(event)
            eventJSON.set("pending_webhooks", 1)
            let body = eventJSON.encoded()
            let signature = StripeSimulatedWebhookSignature.header(body: body, timestamp: now, secrets: endpoint.secrets(at: now))
            let headers = [
                "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature,
                "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)", "Cache-Control": "no-cache", "Accept": "*/*; q=0.5, application/xml",
            ]
            let status = await sender.post(url: endpoint.url, headers: headers, body: body)
            let delivered = status.map { (200..<300).contains($0) } ?? false
            delivery.attempts += 1
            let first = delivery.firstAttemptAt ?? now
            delivery.firstAttemptAt = first
            let next = now + StripeSimulatedPendingDelivery.delay(afterAttempts: delivery.attempts)
            let retrying = !delivered && next <= first + StripeSimulatedPendingDelivery.window
            attempts.append(StripeSimulatedWebhookAttempt(
                eventID: event.id, eventType: event.type, url: endpoint.url, attempt: delivery.attempts, attemptedAt: now, status: status,
                delivered: delivered, nextAttemptAt: retrying ? next : nil, payload: String(decoding: body, as: UTF8.self), signature: signature
            ))
            if retrying {
                delivery.nextAttemptAt = next
                pendingDeliveries.append(delivery)
                pendingDeliveries.sort { ($0.nextAttemptAt, sequence[$0.eventID] ?? 0) < ($1.nextAttemptAt, sequence[$1.eventID] ?? 0) }
            } else {
                events[event.id]?.pendingWebhooks = 0
            }
        }
    }
}
