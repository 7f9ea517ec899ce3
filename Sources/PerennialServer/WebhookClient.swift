import AsyncHTTPClient
import PerennialServices

/// The HTTP client webhooks go out on: redirects never followed (a receiver cannot bounce Perennial to an
/// address the URL check refused), at most 64 KiB of an answer read. Shut down with the stack.
struct WebhookClient: Sendable {
    let client: HTTPClient
    let transport: AsyncHTTPClientTransport

    init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.decompression = .disabled
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        transport = AsyncHTTPClientTransport(
            client: client, maxResponseBytes: WebhookSettings.maximumResponseBytes, truncatesLargeResponses: true)
    }

    func shutdown() async {
        try? await client.shutdown()
    }
}
