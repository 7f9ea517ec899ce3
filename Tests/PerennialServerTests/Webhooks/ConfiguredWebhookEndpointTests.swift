import PerennialServices
import Testing

/// An endpoint the configuration file defines is shown by the API but changed only in the file: the API's
/// changes answer 409 `webhook_endpoint_from_configuration` and leave it as it was.
@Suite("Webhook endpoints from the configuration")
struct ConfiguredWebhookEndpointTests {
    static let endpoint = ConfiguredWebhookEndpoint(
        id: "from-file", input: WebhookEndpointInput(url: "https://93.184.216.34/hooks", description: "the file's"),
        secret: WebhookSigningSecret(text: "whsec_" + String(repeating: "A", count: 32))!)

    @Test func theAPIRefusesToChangeAnEndpointTheFileDefines() async throws {
        try await TestHarness.run(configuredWebhooks: [Self.endpoint]) { harness in
            let shown = try await harness.admin(.get, "/v1/admin/webhooks/from-file")
            #expect(shown.status == 200)
            #expect(shown.body["description"].string == "the file's")
            let refusals = [
                try await harness.admin(.patch, "/v1/admin/webhooks/from-file", json: ["description": "the API's"]),
                try await harness.admin(.post, "/v1/admin/webhooks/from-file/rotate-secret", json: [:]),
                try await harness.admin(.delete, "/v1/admin/webhooks/from-file"),
            ]
            for refusal in refusals {
                _ = WebhookEndpointAPITests.expectError(refusal, 409, "webhook_endpoint_from_configuration")
            }
            let after = try await harness.admin(.get, "/v1/admin/webhooks/from-file")
            #expect(after.status == 200)
            #expect(after.body["description"].string == "the file's")
        }
    }
}
