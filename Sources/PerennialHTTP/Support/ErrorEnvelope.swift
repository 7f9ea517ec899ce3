import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import PerennialServices

/// An error as every Perennial endpoint reports it: `{"error": {"code": …, "message": …}}` with the status
/// its kind implies.
public struct ErrorEnvelope: HTTPResponseError {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var headers: HTTPFields

    public init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The envelope for any error a handler threw. Errors Perennial does not know become a 500 whose message
    /// reveals nothing.
    public init(_ error: any Error) {
        switch error {
        case let error as ErrorEnvelope:
            self = error
        case let error as PerennialError:
            self.init(status: Self.status(of: error.kind), code: error.code, message: error.message)
        case let error as HTTPError:
            self.init(status: error.status, code: Self.code(of: error.status), message: error.body ?? error.status.reasonPhrase, headers: error.headers)
        case is HTTPParserError:
            // Raised while the body is read: broken chunked encoding, a body cut off, bytes that are not HTTP.
            self.init(status: .badRequest, code: "malformed_request", message: "the request is not valid HTTP/1.1 (its framing or chunked encoding is broken)")
        case is NIOTooManyBytesError:
            self.init(status: .contentTooLarge, code: "payload_too_large", message: "the request body is larger than this endpoint accepts")
        case is DecodingError:
            self.init(status: .badRequest, code: "invalid_json", message: "the request body is not the JSON this endpoint expects")
        default:
            self.init(status: .internalServerError, code: "internal_error", message: "an unexpected error occurred")
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(["error": ["code": code, "message": message]])
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func status(of kind: PerennialError.Kind) -> HTTPResponse.Status {
        switch kind {
        case .badRequest: .badRequest
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .notFound: .notFound
        case .conflict: .conflict
        case .unprocessable: .unprocessableContent
        case .unavailable: .serviceUnavailable
        case .badGateway: .badGateway
        case .internal: .internalServerError
        }
    }

    static func code(of status: HTTPResponse.Status) -> String {
        switch status.code {
        case 400: "bad_request"
        case 401: "unauthorized"
        case 404: "not_found"
        case 405: "method_not_allowed"
        case 413: "payload_too_large"
        case 415: "unsupported_media_type"
        case 429: "rate_limited"
        case 500...599: "server_error"
        default: "http_\(status.code)"
        }
    }
}
