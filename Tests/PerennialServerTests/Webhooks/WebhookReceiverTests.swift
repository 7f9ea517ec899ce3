import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PerennialServer
import PerennialServices
import Testing

/// `perennial webhook-receiver` through HTTP: it records what arrived with whether its signature holds,
/// refuses a bad one, and fails or hangs when told to.
@Suite("Webhook receiver")
struct WebhookReceiverTests {
    static let secret = WebhookSigningSecret.generate()

    static func deliver(
        _ client: some TestClientProtocol, id: String, body: String, secrets: [WebhookSigningSecret] = [secret], path: String = "/hooks"
    ) async throws -> (status: Int, retryAfter: String?) {
        var headers: HTTPFields = [.contentType: "application/json"]
        let timestamp = Int64(Date().timeIntervalSince1970)
        for (name, value) in WebhookSignature.headers(id: id, timestamp: timestamp, body: Array(body.utf8), secrets: secrets) {
            headers[HTTPField.Name(name)!] = value
        }
        return try await client.execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) {
            (Int($0.status.code), $0.headers[.retryAfter])
        }
    }

    static func deliveries(_ client: some TestClientProtocol) async throws -> [[String: Any]] {
        try await client.execute(uri: "/receiver/deliveries", method: .get) { response in
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
            return object?["deliveries"] as? [[String: Any]] ?? []
        }
    }

    static func fault(_ client: some TestClientProtocol, _ json: String) async throws -> Int {
        try await client.execute(uri: "/receiver/faults", method: .post, body: ByteBuffer(string: json)) { Int($0.status.code) }
    }

    @Test func itRecordsSignedDeliveriesAndRefusesBadSignatures() async throws {
        let app = Application(router: WebhookReceiverServer.makeRouter(receiver: WebhookReceiver(secrets: [Self.secret])))
        try await app.test(.router) { client in
            #expect(try await Self.deliver(client, id: "evt_1", body: #"{"type":"renewal"}"#).status == 200)
            #expect(try await Self.deliver(client, id: "evt_2", body: "{}", secrets: [.generate()]).status == 401)
            let unsigned = try await client.execute(uri: "/hooks", method: .post, body: ByteBuffer(string: "{}")) { Int($0.status.code) }
            #expect(unsigned == 401)
            let seen = try await Self.deliveries(client)
            #expect(seen.map { $0["id"] as? String } == ["evt_1", "evt_2", nil])
            #expect(seen.map { $0["signature_valid"] as? Bool } == [true, false, false])
            #expect(seen.first?["body"] as? String == #"{"type":"renewal"}"#)
            #expect(seen.map { $0["status"] as? Int } == [200, 401, 401])
            _ = try await client.execute(uri: "/receiver/deliveries", method: .delete) { _ in }
            #expect(try await Self.deliveries(client).isEmpty)
        }
    }

    @Test func itFailsForSoManyRequestsThenRecovers() async throws {
        let app = Application(router: WebhookReceiverServer.makeRouter(receiver: WebhookReceiver(secrets: [Self.secret])))
        try await app.test(.router) { client in
            #expect(try await Self.fault(client, #"{"kind": "status", "status": 503, "retry_after": 7, "requests": 2}"#) == 201)
            let first = try await Self.deliver(client, id: "evt_1", body: "{}")
            #expect(first.status == 503 && first.retryAfter == "7")
            #expect(try await Self.deliver(client, id: "evt_1", body: "{}").status == 503)
            #expect(try await Self.deliver(client, id: "evt_1", body: "{}").status == 200, "two requests, then well again")
            #expect(try await Self.fault(client, #"{"kind": "status", "status": 400, "seconds": 60}"#) == 201)
            #expect(try await Self.deliver(client, id: "evt_2", body: "{}").status == 400)
            _ = try await client.execute(uri: "/receiver/faults", method: .delete) { _ in }
            #expect(try await Self.deliver(client, id: "evt_2", body: "{}").status == 200)
            for refused in [#"{"kind": "status", "status": 200, "requests": 1}"#, #"{"kind": "hang", "requests": 1}"#,
                            #"{"kind": "status", "status": 500}"#, #"{"kind": "sulk"}"#, "nonsense"] {
                #expect(try await Self.fault(client, refused) == 400, "\(refused)")
            }
        }
    }

    @Test func aHangHoldsTheAnswer() async throws {
        let receiver = WebhookReceiver(secrets: [Self.secret])
        let app = Application(router: WebhookReceiverServer.makeRouter(receiver: receiver))
        try await app.test(.router) { client in
            let created = try await Self.fault(client, #"{"kind": "hang", "hold_seconds": 1.5, "requests": 1}"#)
            #expect(created == 201)
            #expect(await receiver.currentFault?.kind == .hang)
            let start = ContinuousClock.now
            let answer = try await Self.deliver(client, id: "evt_1", body: "{}")
            #expect(answer.status == 200)
            #expect(start.duration(to: .now) >= .seconds(1.5))
            // The hang was for one request (checked on the receiver, not by timing the next one).
            #expect(await receiver.currentFault == nil)
        }
    }

    @Test func aRotationsOldSecretStillVerifies() async throws {
        let old = WebhookSigningSecret.generate()
        let app = Application(router: WebhookReceiverServer.makeRouter(receiver: WebhookReceiver(secrets: [Self.secret, old])))
        try await app.test(.router) { client in
            let answer = try await Self.deliver(client, id: "evt_1", body: "{}", secrets: [old])
            #expect(answer.status == 200)
        }
    }
}
