import Foundation
import Hummingbird

/// `perennial webhook-receiver`'s HTTP face: `POST` to any path but `/receiver/…` is a delivery
/// (`WebhookReceiver.receive`); `GET /receiver/deliveries` lists what arrived (`{"deliveries": […]}`),
/// `DELETE /receiver/deliveries` forgets it; `POST /receiver/faults` (a `WebhookReceiverFault`) makes it
/// misbehave, `DELETE /receiver/faults` behave again.
public enum WebhookReceiverServer {
    /// Webhooks are small; anything far larger is refused with 413.
    static let maximumBodySize = 1024 * 1024

    public static func makeRouter(receiver: WebhookReceiver) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("/receiver/deliveries") { _, _ -> Response in
            try json(["deliveries": await receiver.deliveries])
        }
        router.delete("/receiver/deliveries") { _, _ -> Response in
            await receiver.clear()
            return Response(status: .noContent)
        }
        router.post("/receiver/faults") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 64 * 1024)
            do {
                let fault = try JSONDecoder().decode(WebhookReceiverFault.self, from: Data(buffer: body))
                try await receiver.setFault(fault)
                return try json(fault, status: .created)
            } catch let error as WebhookReceiverError {
                return try json(["error": error.description], status: .badRequest)
            } catch is DecodingError {
                return try json(["error": "the body is not a fault: {kind: status|hang, status?, retry_after?, hold_seconds?, seconds|requests}"],
                                status: .badRequest)
            }
        }
        router.delete("/receiver/faults") { _, _ -> Response in
            await receiver.clearFault()
            return Response(status: .noContent)
        }
        router.post("**") { request, _ -> Response in
            let body = try await request.body.collect(upTo: maximumBodySize)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let answer = await receiver.receive(path: request.uri.path, headers: headers, body: Array(buffer: body))
            if let hold = answer.hold { try? await Task.sleep(for: hold) }
            var response = Response(status: .init(code: answer.status))
            if let retryAfter = answer.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
        return router
    }

    /// An application serving the receiver on `host:port` (port 0: any free port).
    public static func makeApplication(
        receiver: WebhookReceiver, host: String = "127.0.0.1", port: Int = 8070,
        onServerRunning: @escaping @Sendable (_ port: Int?) async -> Void = { _ in }
    ) -> Application<RouterResponder<BasicRequestContext>> {
        Application(
            router: makeRouter(receiver: receiver),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "PerennialWebhookReceiver"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port) })
    }

    private static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: try encoder.encode(value))))
    }
}
