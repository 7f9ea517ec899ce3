import Foundation
import HTTPTypes
import Hummingbird

/// The PayPal simulator on a Hummingbird router: PayPal's API at PayPal's paths (`/v1/oauth2/…`,
/// `/v1/catalogs/…`, `/v1/billing/…`, `/v1/notifications/…`, `/v2/payments/…`, beside other stores' `/v1/…`)
/// and its control API under `/simulator/paypal/`.
public enum PayPalSimulatorRoutes {
    static let maximumBodySize = 1 << 20

    public static func add<Context: RequestContext>(to router: Router<Context>, simulator: PayPalSimulator) {
        let prefixes = ["v1/oauth2", "v1/catalogs", "v1/billing", "v1/notifications", "v2/payments"]
        for prefix in prefixes {
            for method in [HTTPRequest.Method.get, .post, .patch, .delete] {
                router.on("\(prefix)/**", method: method) { request, _ -> Response in
                    guard let call = try? await read(request) else { return write(unreadable) }
                    return write(await simulator.handle(call))
                }
            }
        }
        for method in [HTTPRequest.Method.get, .post, .delete] {
            router.on("simulator/paypal/**", method: method) { request, _ -> Response in
                guard let call = try? await read(request) else { return write(unreadable) }
                return write(await simulator.control(call))
            }
        }
    }

    static let unreadable = PayPalSimulatedResponse.json(400, ["name": "INVALID_REQUEST", "message": "The request body could not be read."])

    static func read(_ request: Request) async throws -> PayPalSimulatedRequest {
        let body = try await request.body.collect(upTo: maximumBodySize)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        if let authority = request.head.authority { headers["host"] = authority }
        let query = Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }) { first, _ in first }
        return PayPalSimulatedRequest(method: request.method.rawValue, path: request.uri.path, query: query, headers: headers, body: Data(body.readableBytesView))
    }

    static func write(_ answer: PayPalSimulatedResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        return Response(status: HTTPResponse.Status(code: answer.status), headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
