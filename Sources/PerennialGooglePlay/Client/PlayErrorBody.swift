import Foundation
import PerennialOutbound

/// Google's error answer, `{"error": {"code": 404, "message": "…", "status": "NOT_FOUND", "errors": [{"reason": …}]}}`,
/// turned into a `PlayAPIError` whose kind says what to do.
struct PlayErrorBody: Decodable {
    struct Detail: Decodable {
        var code: Int?
        var message: String?
        var status: String?
        var errors: [Reason]?
    }

    struct Reason: Decodable {
        var reason: String?
    }

    var error: Detail?

    static func error(for response: HTTPTransportResponse, call: String) -> PlayAPIError {
        let detail = (try? JSONDecoder().decode(PlayErrorBody.self, from: Data(response.body)))?.error
        let reason = detail?.errors?.first?.reason
        let kind: PlayAPIError.Kind
        switch response.status {
        case 401: kind = .unauthorized
        case 403: kind = .forbidden
        case 404: kind = .notFound
        case 410: kind = .gone
        case 429: kind = .rateLimited
        case 500...: kind = .unavailable
        default: kind = .invalidRequest
        }
        let said = [detail?.status, reason].compactMap { $0 }.joined(separator: ", ")
        return PlayAPIError(
            kind, message: "\(call) answered HTTP \(response.status)\(said.isEmpty ? "" : " (\(said))")",
            httpStatus: response.status, googleStatus: detail?.status
        )
    }
}
