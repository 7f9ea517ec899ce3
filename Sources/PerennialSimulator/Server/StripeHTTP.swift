import Foundation
import HTTPTypes
import Hummingbird

/// Stripe's wire format for the simulated API: a Hummingbird request read as a `StripeSimulatedRequest` (query and
/// form body merged, bracket notation kept), a `StripeSimulatedResponse` written back with its headers; and JSON in
/// and out for the `/simulator/stripe/…` control API (`{"error": {"code", "message"}}` on failure).
enum StripeHTTP {
    static let maximumBodySize = 1 << 20

    /// The API call `request` makes.
    static func read(_ request: Request) async throws -> StripeSimulatedRequest {
        var pairs: [(String, String)] = []
        let query = request.uri.query ?? ""
        let buffer = try await request.body.collect(upTo: maximumBodySize)
        let form = String(decoding: buffer.readableBytesView, as: UTF8.self)
        for text in [query, form] where !text.isEmpty {
            let params = StripeSimulatedParams(form: text)
            pairs.append(contentsOf: flatten(params))
        }
        return StripeSimulatedRequest(
            method: request.method.rawValue, path: request.uri.path, params: StripeSimulatedParams(pairs: pairs),
            authorization: request.headers[.authorization], idempotencyKey: header("Idempotency-Key", request),
            baseURL: "http://\(request.head.authority ?? "127.0.0.1")"
        )
    }

    /// `params` back as bracket-notation pairs, so a query and a body merge into one tree.
    private static func flatten(_ params: StripeSimulatedParams, prefix: String? = nil) -> [(String, String)] {
        var pairs: [(String, String)] = []
        if let value = params.value, let prefix { pairs.append((prefix, value)) }
        for key in params.order {
            guard let child = params.children[key] else { continue }
            pairs.append(contentsOf: flatten(child, prefix: prefix.map { "\($0)[\(key)]" } ?? key))
        }
        return pairs
    }

    static func header(_ name: String, _ request: Request) -> String? {
        HTTPField.Name(name).flatMap { request.headers[$0] }
    }

    /// `answer` as a Hummingbird response.
    static func write(_ answer: StripeSimulatedResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.status), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body))
        )
    }

    /// A control API call: runs `body`, answers its JSON (201 when `created`), or the error.
    static func control(created: Bool = false, _ body: () async throws -> StripeSimulatedJSON) async -> Response {
        do {
            return json(try await body(), status: created ? .created : .ok)
        } catch let error as StripeSimulatedAPIError {
            let envelope: StripeSimulatedJSON = ["error": ["code": .string(error.code ?? error.type), "message": .string(error.message)]]
            return json(envelope, status: HTTPResponse.Status(code: error.status))
        } catch {
            return json(["error": ["code": "invalid_request", "message": "the request could not be read"]], status: .badRequest)
        }
    }

    /// A control request's JSON body (`{}` when empty).
    static func body(_ request: Request) async throws -> StripeSimulatedJSON {
        let buffer = try await request.body.collect(upTo: maximumBodySize)
        if buffer.readableBytes == 0 { return [:] }
        guard let json = StripeSimulatedJSON.parse(Data(buffer.readableBytesView)), json.object != nil else {
            throw StripeSimulatedAPIError(status: 400, type: "invalid_request", code: "invalid_request", message: "the body is not a JSON object")
        }
        return json
    }

    /// A path parameter, percent-decoded.
    static func parameter<Context: RequestContext>(_ name: String, _ context: Context) throws -> String {
        guard let raw = context.parameters.get(name), let value = raw.removingPercentEncoding, !value.isEmpty else {
            throw StripeSimulatedAPIError(status: 400, type: "invalid_request", code: "invalid_request", message: "missing path parameter \(name)")
        }
        return value
    }

    static func json(_ value: StripeSimulatedJSON, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: value.encoded()))
        )
    }

    static func html(_ text: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }
}
