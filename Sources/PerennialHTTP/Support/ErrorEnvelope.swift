import Foundation
import Hummingbird
import NIOCore
import NIOHTTP1
import PerennialServices

/// An error as every Perennial endpoint reports it: `{"error": {"code": …, "message": …, "request_id": …}}`
/// with the status its kind implies (`request_id`: the `X-Request-Id` of the answer, `RequestIDMiddleware`).
public struct ErrorEnvelope: HTTPResponseError {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String
    public var headers: HTTPFields

    /// An envelope for one of Perennial's codes, with the status its kind implies.
    public init(_ code: ErrorCode, message: String, headers: HTTPFields = [:]) {
        status = Self.status(of: code.kind)
        self.code = code.rawValue
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
            self.init(error.errorCode, message: error.message)
        case let error as HTTPError:
            self.init(Self.code(of: error.status), message: error.body ?? error.status.reasonPhrase, headers: error.headers)
            status = error.status
        case is HTTPParserError:
            // Raised while the body is read: broken chunked encoding, a body cut off, bytes that are not HTTP.
            self.init(.malformedRequest, message: "the request is not valid HTTP/1.1 (its framing or chunked encoding is broken)")
        case is NIOTooManyBytesError:
            self.init(.payloadTooLarge, message: "the request body is larger than this endpoint accepts")
        case is DecodingError:
            self.init(.invalidJSON, message: "the request body is not the JSON this endpoint expects")
        default:
            self.init(.internalError, message: "an unexpected error occurred")
        }
    }

    /// Logs a 5xx: the error's code and type only, since its text may quote input, and input can hold
    /// receipts or keys.
    public func logIfServerError(_ error: any Error, context: some RequestContext) {
        guard status.code >= 500 else { return }
        context.logger.error("request failed", metadata: ["code": "\(code)", "error_type": "\(type(of: error))"])
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var error = ["code": code, "message": message]
        error["request_id"] = (context as? any RequestIdentifying)?.requestID
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let body = try encoder.encode(["error": error])
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func status(of kind: PerennialError.Kind) -> HTTPResponse.Status {
        HTTPResponse.Status(code: kind.httpStatus)
    }

    /// The code of an HTTP error the framework raised (its status is kept as it is).
    static func code(of status: HTTPResponse.Status) -> ErrorCode {
        switch status.code {
        case 401: .unauthorized
        case 404: .notFound
        case 405: .methodNotAllowed
        case 413: .payloadTooLarge
        case 415: .unsupportedMediaType
        case 429: .rateLimited
        case 500...599: .internalError
        default: .badRequest
        }
    }
}
