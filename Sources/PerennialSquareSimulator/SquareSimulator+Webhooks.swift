import Foundation
import PerennialCore
import PerennialOutbound
import PerennialSimulatorKit
import PerennialSquare

extension SquareSimulator {
    /// `POST /v2/webhooks/subscriptions` (`{idempotency_key, subscription: {name, event_types,
    /// notification_url, api_version}}`): answers the subscription with its `signature_key`.
    func createWebhookSubscription(_ body: [String: Any]) throws(SquareSimulatedError) -> SimulatedResponse {
        guard let subscription = body["subscription"] as? [String: Any], let url = Self.string(subscription, "notification_url"),
              let parsed = URLComponents(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil,
              let types = subscription["event_types"] as? [String], !types.isEmpty else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "subscription.notification_url (http or https) and event_types are required")
        }
        return .json(200, ["subscription": webhookSubscription(url: url, eventTypes: types, name: Self.string(subscription, "name"))])
    }

    /// Registers where events go (replacing any at the same URL), with `signatureKey` when given; answers the
    /// signature key.
    @discardableResult
    public func registerWebhook(url: String, eventTypes: [String] = ["*"], signatureKey: String? = nil) -> String {
        webhookSubscription(url: url, eventTypes: eventTypes, name: nil, signatureKey: signatureKey)["signature_key"] as? String ?? ""
    }

    /// A webhook subscription made, as Square answers it, its `signature_key` included.
    func webhookSubscription(url: String, eventTypes: [String], name: String?, signatureKey: String? = nil) -> [String: Any] {
        webhooks.removeAll { $0.url == url }
        let now = clock.now().iso8601
        let key = signatureKey ?? ids.next("", length: 22, alphabet: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        let id = "wbhk_" + nextID().lowercased()
        let json: [String: Any] = [
            "id": id, "name": name ?? "Perennial", "enabled": true, "event_types": eventTypes, "notification_url": url,
            "api_version": SquareAPIClient.defaultVersion, "signature_key": key, "created_at": now, "updated_at": now,
        ]
        webhooks.append((id, url, key, eventTypes, json))
        return json
    }

    func emit(_ type: String, subscription id: String) {
        if let subscription = subscriptions[id] { emit(type, subscription: subscription) }
    }

    func emit(_ type: String, subscription: SquareSimulatedSubscription) {
        emit(type, type: "subscription", id: subscription.id, object: ["subscription": subscription.json(includeActions: false)])
    }

    func emit(_ type: String, invoice: SquareSimulatedInvoice) {
        emit(type, type: "invoice", id: invoice.id, object: ["invoice": invoice.json(base: base)])
    }

    /// Sends an event to every webhook subscription that wants it (twice, or late, when a fault says so).
    func emit(_ eventType: String, type: String, id: String, object: [String: Any]) {
        let now = clock.now()
        let eventID = UUID().uuidString.lowercased()
        let envelope: [String: Any] = [
            "merchant_id": "MLSIMULATED", "type": eventType, "event_id": eventID, "created_at": now.iso8601,
            "data": ["type": type, "id": id, "object": object],
        ]
        let body = (try? JSONSerialization.data(withJSONObject: envelope, options: [.withoutEscapingSlashes])) ?? Data("{}".utf8)
        events.append((eventID, eventType, body))
        for webhook in webhooks where webhook.types.contains("*") || webhook.types.contains(eventType) {
            outbox.enqueue(WebhookDelivery(eventID: eventID, eventType: eventType, body: body, endpointID: webhook.id, url: webhook.url, due: now), faults: &faults)
        }
    }

    /// Delivers every webhook due, signed; one that gets no 2xx is tried again later.
    public func deliverDue() async {
        guard let transport = webhookTransport else { return }
        for delivery in outbox.takeDue(at: clock.now()) {
            guard let webhook = webhooks.first(where: { $0.id == delivery.endpointID }) else { continue }
            let signature = SquareWebhookVerifier.signature(body: delivery.body, notificationURL: webhook.url, key: webhook.key)
            let request = HTTPTransportRequest(
                method: "POST", url: delivery.url,
                headers: [
                    HTTPTransportHeader(name: "Content-Type", value: "application/json"),
                    HTTPTransportHeader(name: "x-square-hmacsha256-signature", value: signature),
                    HTTPTransportHeader(name: "Square-Environment", value: "Sandbox"),
                ],
                body: Array(delivery.body), timeout: .seconds(10))
            outbox.record(delivery, status: await WebhookOutbox.post(request, over: transport), now: clock.now())
        }
    }
}
