import Foundation
import PerennialAdyen
import PerennialOutbound
import PerennialSimulatorKit

extension AdyenSimulator {
    /// Queues a standard notification (one item, signed per webhook) for every webhook.
    func notify(
        _ eventCode: String, psp: String, original: String?, reference: String, amount: AdyenAmount, success: Bool, reason: String? = nil,
        additional: [String: String] = [:]
    ) {
        let now = clock.now()
        for (index, webhook) in webhooks.enumerated() {
            var item = AdyenNotificationItem(
                pspReference: psp, originalReference: original, merchantAccountCode: merchantAccount, merchantReference: reference, amount: amount,
                eventCode: eventCode, eventDate: now.iso8601, success: success ? "true" : "false", reason: reason, paymentMethod: "visa",
                additionalData: additional)
            let signature = AdyenNotificationVerifier.signature(of: item, hexKey: webhook.hexKey)
            item.additionalData?["hmacSignature"] = signature
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let body = (try? encoder.encode(AdyenNotification(live: "false", items: [item]))) ?? Data("{}".utf8)
            outbox.enqueue(
                WebhookDelivery(eventID: "\(psp):\(eventCode)", eventType: eventCode, body: body, endpointID: String(index), url: webhook.url, due: now),
                faults: &faults)
        }
    }

    /// Posts the notifications due; one not acknowledged is retried later.
    public func deliverDue() async {
        guard let transport = webhookTransport else { return }
        for delivery in outbox.takeDue(at: clock.now()) {
            let request = HTTPTransportRequest(
                method: "POST", url: delivery.url, headers: [HTTPTransportHeader(name: "Content-Type", value: "application/json")],
                body: Array(delivery.body), timeout: .seconds(10))
            outbox.record(delivery, status: await WebhookOutbox.post(request, over: transport), now: clock.now())
        }
    }
}
