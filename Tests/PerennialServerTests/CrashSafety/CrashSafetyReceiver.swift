import Hummingbird
import HummingbirdTesting
import PerennialServer
import PerennialServices
import Testing

/// The team's webhook endpoint during a crash-safety run: a `WebhookReceiver` served on a free port of
/// 127.0.0.1 for the whole run (both servers send to it), checking each signature with the secret the
/// workspace's configuration gives the endpoint, and keeping every request that arrives.
enum CrashSafetyReceiver {
    /// Runs `body` with the receiver, the URL the endpoint is to use and the endpoint's secret.
    static func run<Value: Sendable>(
        _ body: @Sendable (_ receiver: WebhookReceiver, _ url: String, _ secret: WebhookSigningSecret) async throws -> Value
    ) async throws -> Value {
        let secret = WebhookSigningSecret.generate()
        // Far more than the run's events and their repeats: nothing that arrives is dropped.
        let receiver = WebhookReceiver(secrets: [secret], capacity: 1_000_000)
        let application = Application(
            router: WebhookReceiverServer.makeRouter(receiver: receiver),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        return try await application.test(.live) { client in
            let port = try #require(client.port, "the webhook receiver has no port")
            return try await body(receiver, "http://127.0.0.1:\(port)/hooks", secret)
        }
    }
}
