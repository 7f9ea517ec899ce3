import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PerennialSimulator

/// Delivers the Stripe simulator's webhooks straight into the in-process Perennial router, with the headers
/// Stripe sends (`Stripe-Signature`).
struct RouterStripeWebhookSender: StripeSimulatedWebhookSender {
    let client: any TestClientProtocol

    func post(url: String, headers: [String: String], body: Data) async -> Int? {
        guard let path = URL(string: url)?.path else { return nil }
        var fields = HTTPFields()
        for (name, value) in headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return try? await client.execute(uri: path, method: .post, headers: fields, body: ByteBuffer(bytes: body)) {
            Int($0.status.code)
        }
    }
}
