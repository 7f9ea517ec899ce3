import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import PerennialCore

/// The answers of the RevenueCat-compatible surface: JSON bodies with the headers RevenueCat's SDKs read.
enum RevenueCatAnswer {
    static let requestTimeHeader = HTTPField.Name("X-RevenueCat-Request-Time")!
    static let eTagHeader = HTTPField.Name("X-RevenueCat-ETag")!

    /// A JSON response; `X-RevenueCat-Request-Time` when the body describes an instant.
    static func response(_ body: RevenueCatJSON, status: HTTPResponse.Status = .ok, at instant: Instant? = nil, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        if let instant { headers[requestTimeHeader] = String(instant.milliseconds) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body.data)))
    }

    /// A response whose content (`tagged`, the body without its request date) has an ETag: 304 with no body
    /// when the SDK sent that tag in `X-RevenueCat-ETag` (it then serves the body it kept, with this
    /// answer's request time), else the body with the tag.
    static func tagged(
        _ body: RevenueCatJSON, content tagged: RevenueCatJSON, status: HTTPResponse.Status, at instant: Instant, request: Request
    ) -> Response {
        let tag = SHA256.hash(data: tagged.data).prefix(16).map { String(format: "%02x", $0) }.joined()
        var headers: HTTPFields = [eTagHeader: tag]
        if request.headers[eTagHeader] == tag {
            headers[requestTimeHeader] = String(instant.milliseconds)
            return Response(status: .notModified, headers: headers)
        }
        return response(body, status: status, at: instant, headers: headers)
    }

    /// `{}`: what the calls whose answer the SDKs do not read get.
    static var empty: Response { response(.object([])) }
}
