import Foundation
import Hummingbird

/// Every body Perennial reads is JSON: a `POST`, `PUT` or `PATCH` that declares another type (`text/plain`, a
/// form, multipart) gets 415 `unsupported_media_type` before any route reads it. A request without a
/// `Content-Type` is read as JSON, as the App Store and most clients send it. The web paywall's pages
/// (`/p/…`) and the dashboard's (`/dashboard/…`) take the HTML forms their pages post instead.
public struct JSONContentTypeMiddleware<Context: RequestContext>: RouterMiddleware {
    public init() {}

    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if Self.takesBody(request.method), !Self.takesForms(request.uri.path), let contentType = request.headers[.contentType], !Self.isJSON(contentType) {
            throw ErrorEnvelope(.unsupportedMediaType, message: "send the body as JSON (Content-Type: application/json)")
        }
        return try await next(request, context)
    }

    /// The paths of pages whose forms post `application/x-www-form-urlencoded`.
    static func takesForms(_ path: String) -> Bool {
        path.hasPrefix("/p/") || path.hasPrefix("/dashboard/")
    }

    /// The methods whose requests Perennial reads a body of; a `GET` that names a type is not refused for it.
    static func takesBody(_ method: HTTPRequest.Method) -> Bool {
        method == .post || method == .put || method == .patch
    }

    /// `application/json` or a `+json` type, whatever its parameters (`charset=utf-8`), in any case.
    static func isJSON(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}
