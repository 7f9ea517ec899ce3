import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialServer
import PerennialServices
import Testing

/// What the webhook tests do through the harness: run a receiver on a real port, register it through the
/// admin API, send what is due, and read the event feed.
extension TestHarness {
    /// Server settings that let webhooks reach a receiver on this machine.
    static var webhookServer: ServerSettings {
        var server = ServerSettings()
        server.webhooks.allowsPrivateAddresses = true
        return server
    }

    /// Runs `body` with a live receiver; its URL (`/hooks` on a free port of 127.0.0.1).
    static func withReceiver(_ body: @Sendable (WebhookReceiver, String) async throws -> Void) async throws {
        let receiver = WebhookReceiver(secrets: [])
        let app = Application(
            router: WebhookReceiverServer.makeRouter(receiver: receiver),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(receiver, "http://127.0.0.1:\(client.port!)/hooks")
        }
    }

    /// An admin API call with the secret key; the status and the JSON answer.
    func admin(_ method: HTTPRequest.Method, _ path: String, json: [String: any Sendable]? = nil) async throws -> (status: Int, body: JSONObject) {
        var headers: HTTPFields = [.authorization: "Bearer \(Self.secretKey)"]
        var buffer: ByteBuffer?
        if let json {
            headers[.contentType] = "application/json"
            buffer = ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json))
        }
        return try await client.execute(uri: path, method: method, headers: headers, body: buffer) { response in
            (Int(response.status.code), response.body.readableBytes == 0 ? JSONObject(nil) : try JSONObject(response.body))
        }
    }

    /// Registers an endpoint and gives the receiver its secret; the endpoint's id.
    @discardableResult
    func registerEndpoint(_ url: String, receiver: WebhookReceiver, kinds: [String]? = nil) async throws -> (id: String, secret: WebhookSigningSecret) {
        var json: [String: any Sendable] = ["url": url, "description": "the test receiver"]
        if let kinds { json["kinds"] = kinds }
        let created = try await admin(.post, "/v1/admin/webhooks", json: json)
        try #require(created.status == 201, "\(created.body)")
        let secret = try #require(WebhookSigningSecret(text: created.body["secret"].string ?? ""))
        await receiver.setSecrets([secret])
        return (try #require(created.body["id"].string), secret)
    }

    /// Sends every webhook due now (the clock does not move).
    func deliverWebhooks() async throws {
        while try await stack.webhookDispatcher.runOnce() {}
    }

    /// Every event of the feed, in feed order.
    func feed() async throws -> [JSONObject] {
        var events: [JSONObject] = []
        var cursor = "0"
        while true {
            let page = try await admin(.get, "/v1/admin/events?after=\(cursor)&limit=50")
            try #require(page.status == 200, "\(page.body)")
            let items = page.body["events"].array
            if items.isEmpty { return events }
            events += items
            cursor = try #require(page.body["next_cursor"].string)
        }
    }
}

extension ReceivedWebhook {
    /// The body, parsed.
    var json: JSONObject {
        get throws { try JSONObject(ByteBuffer(string: body)) }
    }
}
