import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// The team's webhook endpoints, under `/v1/admin/webhooks`, for the app's secret key:
/// - `POST` creates one (201, with its signing secret, shown this once); `GET` lists them;
/// - `GET`, `PATCH`, `DELETE /{id}` read, change (only the fields given) and remove one;
/// - `POST /{id}/rotate-secret {overlap_seconds}` gives it a new secret, the old one signing beside it for
///   the overlap (default a day, at most 7);
/// - `POST /{id}/test` sends it a `test` message (202, the delivery);
/// - `POST /{id}/replay {from, to, kinds?}` sends again what it was sent of events that occurred in the range;
/// - `GET /{id}/deliveries?state=&limit=&cursor=` its delivery log, newest first;
/// - `POST /{id}/deliveries/{delivery_id}/retry` and `POST /{id}/dead-letters/retry` send dead letters again.
struct AdminWebhookRoutes {
    let webhooks: WebhookService

    struct EndpointBody: Decodable {
        var url: String?
        var kinds: [String]?
        var enabled: Bool?
        var headers: [String: String]?
        var description: String?

        var input: WebhookEndpointInput {
            WebhookEndpointInput(url: url, kinds: kinds, isEnabled: enabled, headers: headers, description: description)
        }
    }

    struct RotationBody: Decodable {
        var overlapSeconds: Int?

        enum CodingKeys: String, CodingKey { case overlapSeconds = "overlap_seconds" }
    }

    struct ReplayBody: Decodable {
        var from: String
        var to: String?
        var kinds: [String]?
    }

    struct CountResponse: ResponseEncodable {
        var count: Int
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.post("webhooks") { request, context -> Response in
            let app = try context.requireSecretKey()
            let body = try await request.decode(as: EndpointBody.self, context: context)
            let view = try await webhooks.create(app: app, body.input)
            var response = try WebhookEndpointResponse(view).response(from: request, context: context)
            response.status = .created
            return response
        }
        group.get("webhooks") { _, context -> WebhookEndpointListResponse in
            let app = try context.requireSecretKey()
            return WebhookEndpointListResponse(endpoints: try await webhooks.endpoints(app: app).map(WebhookEndpointResponse.init))
        }
        group.get("webhooks/{id}") { _, context -> WebhookEndpointResponse in
            let app = try context.requireSecretKey()
            return WebhookEndpointResponse(try await webhooks.endpoint(app: app, id: try Self.endpointID(context)))
        }
        group.patch("webhooks/{id}") { request, context -> WebhookEndpointResponse in
            let app = try context.requireSecretKey()
            let id = try Self.endpointID(context)
            let body = try await request.decode(as: EndpointBody.self, context: context)
            return WebhookEndpointResponse(try await webhooks.update(app: app, id: id, body.input))
        }
        group.delete("webhooks/{id}") { _, context -> Response in
            let app = try context.requireSecretKey()
            try await webhooks.delete(app: app, id: try Self.endpointID(context))
            return Response(status: .noContent)
        }
        group.post("webhooks/{id}/rotate-secret") { request, context -> WebhookEndpointResponse in
            let app = try context.requireSecretKey()
            let id = try Self.endpointID(context)
            let body = try await Self.optionalBody(RotationBody.self, request: request, context: context)
            let overlap = Duration.seconds(body?.overlapSeconds ?? 86_400)
            return WebhookEndpointResponse(try await webhooks.rotateSecret(app: app, id: id, overlap: overlap))
        }
        group.post("webhooks/{id}/test") { request, context -> Response in
            let app = try context.requireSecretKey()
            let delivery = try await webhooks.sendTest(app: app, id: try Self.endpointID(context))
            var response = try WebhookDeliveryResponse(delivery).response(from: request, context: context)
            response.status = .accepted
            return response
        }
        group.post("webhooks/{id}/replay") { request, context -> Response in
            let app = try context.requireSecretKey()
            let id = try Self.endpointID(context)
            let body = try await request.decode(as: ReplayBody.self, context: context)
            let from = try Self.instant(body.from, field: "from")
            let to = try body.to.map { try Self.instant($0, field: "to") } ?? Instant(Date())
            let count = try await webhooks.replay(app: app, id: id, from: from, to: to, kinds: body.kinds)
            var response = try CountResponse(count: count).response(from: request, context: context)
            response.status = .accepted
            return response
        }
        group.get("webhooks/{id}/deliveries") { request, context -> WebhookDeliveryListResponse in
            let app = try context.requireSecretKey()
            let id = try Self.endpointID(context)
            let limit = request.limit(default: 100, maximum: 1000)
            var state: WebhookDeliveryState?
            if let text = request.uri.queryParameters.get("state") {
                guard let value = WebhookDeliveryState(rawValue: String(text)) else {
                    throw PerennialError(.badRequest, "state must be pending, delivered or failed")
                }
                state = value
            }
            let before = try request.uri.queryParameters.get("cursor").map { try Self.cursor(String($0)) }
            let deliveries = try await webhooks.deliveries(app: app, endpointID: id, state: state, before: before, limit: limit)
            return WebhookDeliveryListResponse(
                deliveries: deliveries.map(WebhookDeliveryResponse.init),
                nextCursor: deliveries.count == limit ? deliveries.last.map { String($0.id) } : nil)
        }
        group.post("webhooks/{id}/deliveries/{delivery_id}/retry") { request, context -> Response in
            let app = try context.requireSecretKey()
            let id = try Self.endpointID(context)
            guard let deliveryID = context.parameters.get("delivery_id", as: Int64.self) else {
                throw PerennialError(.webhookDeliveryNotFound, "the endpoint has no failed delivery with this id")
            }
            let delivery = try await webhooks.retryDeadLetter(app: app, endpointID: id, deliveryID: deliveryID)
            var response = try WebhookDeliveryResponse(delivery).response(from: request, context: context)
            response.status = .accepted
            return response
        }
        group.post("webhooks/{id}/dead-letters/retry") { request, context -> Response in
            let app = try context.requireSecretKey()
            let count = try await webhooks.retryDeadLetters(app: app, endpointID: try Self.endpointID(context))
            var response = try CountResponse(count: count).response(from: request, context: context)
            response.status = .accepted
            return response
        }
    }

    /// The `{id}` path parameter; an id Perennial could not have made is no endpoint.
    static func endpointID(_ context: PerennialRequestContext) throws -> String {
        let id = try context.parameters.require("id")
        guard (1...64).contains(id.utf8.count),
              id.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { throw PerennialError(.webhookEndpointNotFound, "the app has no webhook endpoint with this id") }
        return id
    }

    /// A non-negative decimal cursor.
    static func cursor(_ text: String) throws -> Int64 {
        guard text.utf8.count <= 19, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int64(text) else {
            throw PerennialError(.invalidCursor, "the cursor must be one a previous page gave")
        }
        return value
    }

    /// An ISO 8601 instant (`2026-11-27T10:00:00Z`, fractional seconds allowed).
    static func instant(_ text: String, field: String) throws -> Instant {
        let plain = Date.ISO8601FormatStyle()
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        guard text.utf8.count <= 40, let date = (try? plain.parse(text)) ?? (try? fractional.parse(text)) else {
            throw PerennialError(.invalidDateRange, "\(field) must be an ISO 8601 instant such as 2026-11-27T10:00:00Z")
        }
        return Instant(date)
    }

    /// A body that may be absent (empty): nil then.
    static func optionalBody<Body: Decodable>(
        _ type: Body.Type, request: Request, context: PerennialRequestContext
    ) async throws -> Body? {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return nil }
        return try await request.decode(as: type, context: context)
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
    }
}
