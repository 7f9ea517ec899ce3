import Hummingbird
import PerennialHTTP
import PerennialServices

/// Turns every error into the body RevenueCat's SDKs parse, `{"code": <number>, "message": …}`, with
/// Perennial's own envelope beside it (`"error": {"code", "message", "request_id"}`), the status Perennial
/// gives the error and its headers (`Retry-After` on 429). The SDKs act on the status: a 5xx keeps a
/// purchase unfinished and is tried again; other errors let the app finish it.
struct RevenueCatErrorMiddleware: RouterMiddleware {
    typealias Context = PerennialRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let envelope = ErrorEnvelope(error)
            envelope.logIfServerError(error, context: context)
            var error: [(String, RevenueCatJSON)] = [("code", .string(envelope.code)), ("message", .string(envelope.message))]
            if let requestID = context.requestID { error.append(("request_id", .string(requestID))) }
            let body = RevenueCatJSON.object([
                ("code", .int(Self.revenueCatCode(of: envelope.code, status: Int(envelope.status.code)))),
                ("message", .string(envelope.message)),
                ("error", .object(error)),
            ])
            return RevenueCatAnswer.response(body, status: envelope.status, headers: envelope.headers)
        }
    }

    /// RevenueCat's number for a Perennial error code (its `BackendErrorCode`s), by kind when it has none.
    static func revenueCatCode(of code: String, status: Int) -> Int64 {
        switch code {
        case ErrorCode.invalidAPIKey.rawValue, ErrorCode.unauthorized.rawValue: 7225
        case ErrorCode.invalidAppUserID.rawValue: 7256
        case ErrorCode.invalidAttributes.rawValue: 7263
        case ErrorCode.subscriptionOwnedByAnotherCustomer.rawValue: 7102
        case ErrorCode.storeUnavailable.rawValue, ErrorCode.storeAPIError.rawValue: 7101
        case ErrorCode.offerNotEligible.rawValue: 7232
        case ErrorCode.storeNotSupported.rawValue: 7000
        case ErrorCode.storeRequestRefused.rawValue: 7103
        default:
            if status >= 500 {
                7110
            } else if ["receipt", "jws", "verification", "signed_transaction", "certificate", "chain", "purchase"].contains(where: code.contains) {
                7103
            } else {
                7226
            }
        }
    }
}
