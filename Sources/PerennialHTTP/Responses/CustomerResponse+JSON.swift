import Hummingbird
import NIOCore

// Fast path for the benchmark `entitlements-http` (BENCHMARKS.md).
extension CustomerResponse {
    /// The response with the body `PerennialRequestContext.responseEncoder` would give (and the same headers
    /// Hummingbird sets for it), written directly by `write(to:)`: this route answers most of the requests
    /// an app makes, and `JSONEncoder` cost more than reading the customer. It carries a weak `ETag` over
    /// everything but `request_date`; a request whose `If-None-Match` names it gets 304 and no body.
    func response(from request: Request, context: some RequestContext) throws -> Response {
        RenderedCustomer(self).response(requestDate: requestDate, to: request)
    }

    /// Writes the customer as its `Encodable` conformance does through the response encoder (keys sorted);
    /// returns where `request_date`'s value is, from the first byte written.
    @discardableResult
    func write(to output: inout JSONOutput) -> Range<Int> {
        let start = output.buffer.writerIndex
        output.raw("{\"app_user_id\":")
        output.string(appUserID)
        output.raw(",\"entitlements\":")
        output.array(entitlements) { $0.write(to: &$1) }
        output.raw(",\"first_seen_at\":")
        output.string(firstSeenAt)
        output.raw(",\"request_date\":")
        let dateStart = output.buffer.writerIndex - start
        output.string(requestDate)
        let dateEnd = output.buffer.writerIndex - start
        output.raw(",\"subscriptions\":")
        output.array(subscriptions) { $0.write(to: &$1) }
        output.raw("}")
        return dateStart..<dateEnd
    }
}
