import Foundation
import PerennialOutbound
import PerennialSimulator

/// Delivers the Stripe simulator's webhooks over HTTP, as Stripe posts them to an endpoint.
struct HTTPStripeWebhookSender: StripeSimulatedWebhookSender {
    let transport: any HTTPTransport

    func post(url: String, headers: [String: String], body: Data) async -> Int? {
        let request = HTTPTransportRequest(
            method: "POST", url: url,
            headers: headers.sorted { $0.key < $1.key }.map { HTTPTransportHeader(name: $0.key, value: $0.value) },
            body: Array(body), timeout: .seconds(30)
        )
        return try? await transport.send(request).status
    }
}
