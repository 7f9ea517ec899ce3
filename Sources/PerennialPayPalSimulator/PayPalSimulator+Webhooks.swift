import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialSimulatorKit

extension PayPalSimulator {
    /// The name of the simulator's message-verification certificate in `PAYPAL-CERT-URL`.
    static let certificateName = "CERT-360caa42-fca2a594-simulated"

    /// `POST /v1/notifications/webhooks` (`{url, event_types: [{name}]}`): where events go from now on.
    func registerWebhook(_ request: SimulatedRequest) throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let body = request.jsonObject, let url = body["url"] as? String, url.utf8.count <= 2_048,
              let parsed = URLComponents(string: url), ["http", "https"].contains(parsed.scheme ?? ""), parsed.host != nil,
              let types = body["event_types"] as? [[String: Any]], !types.isEmpty else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "url (http or https) and event_types are required")
        }
        guard webhooks.count < 10 else { throw .unprocessable("WEBHOOK_NUMBER_LIMIT_EXCEEDED", "an app has at most 10 webhooks") }
        guard !webhooks.contains(where: { $0.url == url }) else { throw .invalid("WEBHOOK_URL_ALREADY_EXISTS", "\(url) is registered") }
        let webhook = PayPalSimulatedWebhook(id: nextID("", length: 17), url: url, eventTypes: types.compactMap { $0["name"] as? String })
        webhooks.append(webhook)
        return .json(201, webhook.json(base: base))
    }

    /// Registers a webhook directly (the control API), replacing any at the same URL; its id is `id` when
    /// given (Perennial's `webhook_id` names it). Answers its id.
    public func registerWebhook(url: String, eventTypes: [String] = ["*"], id: String? = nil) -> String {
        webhooks.removeAll { $0.url == url || $0.id == id }
        let webhook = PayPalSimulatedWebhook(id: id ?? nextID("", length: 17), url: url, eventTypes: eventTypes)
        webhooks.append(webhook)
        return webhook.id
    }

    /// A subscription event, carrying the subscription as it is now.
    func emit(_ type: String, subscription id: String) {
        guard let subscription = subscriptions[id] else { return }
        emit(type, resourceType: "subscription", resource: subscription.json(plan: plans[subscription.planID], base: base))
    }

    /// Sends an event to every webhook that wants it (twice, when a fault says so).
    func emit(_ type: String, resourceType: String, resource: [String: Any]) {
        let now = clock.now()
        let event = PayPalSimulatedEvent(id: nextID("WH-", length: 17), type: type, resourceType: resourceType, resource: resource, created: now, base: base)
        events.append(event)
        for webhook in webhooks where webhook.wants(type) {
            outbox.enqueue(
                WebhookDelivery(eventID: event.id, eventType: type, body: event.body, endpointID: webhook.id, url: webhook.url, due: now),
                faults: &faults)
        }
    }

    /// Delivers every webhook due, signed; one that gets no 2xx is tried again later.
    public func deliverDue() async {
        guard let transport = webhookTransport else { return }
        for delivery in outbox.takeDue(at: clock.now()) {
            let status = await WebhookOutbox.post(signedRequest(delivery), over: transport)
            outbox.record(delivery, status: status, now: clock.now())
        }
    }

    /// The POST PayPal makes: the event's bytes, and the transmission headers signed over them.
    func signedRequest(_ delivery: WebhookDelivery) -> HTTPTransportRequest {
        let transmission = try? authority.transmission(
            body: delivery.body, webhookID: delivery.endpointID, id: UUID().uuidString.lowercased(), time: clock.now().payPalText,
            certificateURL: "\(base)/v1/notifications/certs/\(Self.certificateName)")
        var headers = [HTTPTransportHeader(name: "Content-Type", value: "application/json")]
        if let transmission {
            headers += [
                HTTPTransportHeader(name: "PAYPAL-TRANSMISSION-ID", value: transmission.id),
                HTTPTransportHeader(name: "PAYPAL-TRANSMISSION-TIME", value: transmission.time),
                HTTPTransportHeader(name: "PAYPAL-TRANSMISSION-SIG", value: Data(transmission.signature).base64EncodedString()),
                HTTPTransportHeader(name: "PAYPAL-CERT-URL", value: transmission.certificateURL),
                HTTPTransportHeader(name: "PAYPAL-AUTH-ALGO", value: transmission.algorithm),
                HTTPTransportHeader(name: "PAYPAL-AUTH-VERSION", value: "v2"),
            ]
        }
        return HTTPTransportRequest(method: "POST", url: delivery.url, headers: headers, body: Array(delivery.body), timeout: .seconds(30))
    }

    /// `POST /v1/notifications/verify-webhook-signature`: whether the transmission is one the simulator
    /// signed for that webhook, over the bytes of the event it sent (found by the event's id).
    func verifySignature(_ request: SimulatedRequest) async throws(PayPalSimulatedError) -> SimulatedResponse {
        guard let body = request.jsonObject, let event = body["webhook_event"] as? [String: Any], let eventID = event["id"] as? String,
              let webhookID = body["webhook_id"] as? String, let signature = (body["transmission_sig"] as? String).flatMap({ Data(base64Encoded: $0) }),
              let id = body["transmission_id"] as? String, let time = body["transmission_time"] as? String,
              let certificateURL = body["cert_url"] as? String, let algorithm = body["auth_algo"] as? String else {
            throw .invalid("MISSING_REQUIRED_PARAMETER", "auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id and webhook_event are required")
        }
        let transmission = PayPalTransmission(id: id, time: time, signature: Array(signature), certificateURL: certificateURL, algorithm: algorithm)
        var verified = false
        if let sent = events.last(where: { $0.id == eventID }) {
            verified = (try? await PayPalWebhookVerifier(roots: [authority.root]).verify(
                transmission, body: sent.body, webhookID: webhookID, certificateChainPEM: authority.chainPEM, now: clock.now())) != nil
        }
        return .json(200, ["verification_status": verified ? "SUCCESS" : "FAILURE"])
    }
}
