import Hummingbird
import NIOCore
import PerennialServices

/// A customer's answer with every byte but its `request_date` written, and its weak `ETag` (which leaves the
/// date out): kept with the cached customer (`CustomerService.customer(app:appUserID:rendering:)`), so that
/// a read answered from memory only writes the date and copies bytes.
struct RenderedCustomer: CustomerRendering {
    /// The body without `request_date`'s value, in storage of its own size (kept for every cached customer).
    let template: ByteBuffer
    /// Where the value goes in `template`.
    let dateOffset: Int
    /// `W/"…"`, the same whatever the date.
    let entityTag: String

    var byteCount: Int { template.readableBytes + entityTag.utf8.count }

    init(_ customer: CustomerResponse) {
        var output = JSONOutput(capacity: 256 + 320 * customer.entitlements.count + 900 * customer.subscriptions.count)
        let date = customer.write(to: &output)
        let body = output.buffer
        entityTag = EntityTag.weak(of: body, excluding: date)
        let bytes = body.readableBytesView
        var template = ByteBufferAllocator().buffer(capacity: bytes.count - date.count)
        template.writeBytes(bytes[bytes.startIndex..<(bytes.startIndex + date.lowerBound)])
        template.writeBytes(bytes[(bytes.startIndex + date.upperBound)...])
        self.template = template
        dateOffset = date.lowerBound
    }

    /// The answer with `requestDate` (`request_date`'s text) and the headers Hummingbird sets for a JSON body;
    /// 304 and no body when the request's `If-None-Match` names the tag.
    func response(requestDate: String, to request: Request) -> Response {
        var headers = HTTPFields()
        headers.reserveCapacity(4)
        headers.append(.init(name: .eTag, value: entityTag))
        headers.append(.init(name: .cacheControl, value: "private, no-cache"))
        if let condition = request.headers[.ifNoneMatch], EntityTag.matches(condition, entityTag) {
            return Response(status: .notModified, headers: headers)
        }
        let bytes = template.readableBytesView
        var output = JSONOutput(capacity: bytes.count + requestDate.utf8.count + 2)
        output.raw(bytes[bytes.startIndex..<(bytes.startIndex + dateOffset)])
        output.string(requestDate)
        output.raw(bytes[(bytes.startIndex + dateOffset)...])
        let body = output.buffer
        headers.append(.init(name: .contentType, value: "application/json; charset=utf-8"))
        headers.append(.init(name: .contentLength, value: String(body.readableBytes)))
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}
