import Foundation
import HTTPTypes
import Hummingbird

/// A store simulator on a Hummingbird router: every method on the paths under `prefixes`, each call read as
/// a `SimulatedRequest` (the body at most 1 MiB) and answered as `handle` says.
public enum SimulatorRoutes {
    static let maximumBodySize = 1 << 20

    public static func add<Context: RequestContext>(
        to router: Router<Context>, prefixes: [String], handle: @escaping @Sendable (SimulatedRequest) async -> SimulatedResponse
    ) {
        for prefix in prefixes {
            for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
                router.on("\(prefix)/**", method: method) { request, _ -> Response in
                    guard let call = try? await read(request) else {
                        return write(.json(400, ["error": ["code": "unreadable_request", "message": "The request body could not be read."]]))
                    }
                    return write(await handle(call))
                }
            }
        }
    }

    static func read(_ request: Request) async throws -> SimulatedRequest {
        let body = try await request.body.collect(upTo: maximumBodySize)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if let authority = request.head.authority { headers["host"] = authority }
        let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }) { first, _ in first }
        return SimulatedRequest(method: request.method.rawValue, path: request.uri.path, query: query, headers: headers, body: Data(body.readableBytesView))
    }

    static func write(_ answer: SimulatedResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
