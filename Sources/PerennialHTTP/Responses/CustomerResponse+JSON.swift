import Hummingbird
import NIOCore

// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
extension CustomerResponse {
    /// The response with the body `PerennialRequestContext.responseEncoder` would give (and the same headers
    /// Hummingbird sets for it), written directly by `write(to:)`: this route answers most of the requests
    /// an app makes, and `JSONEncoder` cost more than reading the customer.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var output = JSONOutput(capacity: 256 + 320 * entitlements.count + 900 * subscriptions.count)
        write(to: &output)
        let body = output.buffer
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers.append(.init(name: .contentType, value: "application/json; charset=utf-8"))
        headers.append(.init(name: .contentLength, value: String(body.readableBytes)))
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }

    /// Writes the customer as its `Encodable` conformance does through the response encoder (keys sorted).
    func write(to output: inout JSONOutput) {
        output.raw("{\"app_user_id\":")
        output.string(appUserID)
        output.raw(",\"entitlements\":")
        output.array(entitlements) { $0.write(to: &$1) }
        output.raw(",\"first_seen_at\":")
        output.string(firstSeenAt)
        output.raw(",\"request_date\":")
        output.string(requestDate)
        output.raw(",\"subscriptions\":")
        output.array(subscriptions) { $0.write(to: &$1) }
        output.raw("}")
    }
}
