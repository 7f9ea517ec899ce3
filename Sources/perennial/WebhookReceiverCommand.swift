import ArgumentParser
import Foundation
import Logging
import PerennialServer
import PerennialServices

/// `perennial webhook-receiver`: a webhook endpoint that checks Perennial's signatures and records what
/// arrived, for trying webhooks and for tests.
struct WebhookReceiverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook-receiver",
        abstract: "Receive webhooks: check their Standard Webhooks signatures, record them, fail or hang on request."
    )

    @Option(help: "The port to listen on.")
    var port: Int = 8070

    @Option(help: "The address to listen on.")
    var host: String = "127.0.0.1"

    @Option(help: "The endpoint's signing secret (whsec_…); repeat it for a rotation's old and new secrets.")
    var secret: [String] = []

    func run() async throws {
        let secrets = try secret.map { text in
            guard let secret = WebhookSigningSecret(text: text) else {
                throw ValidationError("--secret must be whsec_ followed by the base64 of 24 to 64 bytes")
            }
            return secret
        }
        guard !secrets.isEmpty else { throw ValidationError("give the endpoint's signing secret with --secret") }
        let application = WebhookReceiverServer.makeApplication(
            receiver: WebhookReceiver(secrets: secrets), host: host, port: port,
            onServerRunning: { port in
                Logger(label: "perennial.webhook-receiver").info("webhook receiver listening", metadata: ["port": "\(port ?? 0)"])
            })
        try await application.runService()
    }
}
