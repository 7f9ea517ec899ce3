import Foundation
import PerennialCore
import PerennialOutbound

extension VerifyReceiptClient {
    /// Classifies an HTTP response from the endpoint. Messages name statuses and endpoints, never content.
    static func classify(_ response: HTTPTransportResponse, from endpoint: StoreEnvironment) -> VerifyReceiptAttemptResult {
        let origin = "the \(endpoint.rawValue) endpoint"
        switch response.status {
        case 200..<300:
            guard let decoded = try? VerifyReceiptResponse.decode(from: Data(response.body)) else {
                return .transient(reason: "HTTP \(response.status) from \(origin) with a body that is not a verifyReceipt response")
            }
            return classify(decoded, from: origin)
        case 429, 500..<600:
            return .transient(reason: "HTTP \(response.status) from \(origin)")
        default:
            return .misconfigured(
                status: response.status,
                message: "HTTP \(response.status) from \(origin): check the verifyReceipt URL and the network path to it"
            )
        }
    }

    /// Classifies a decoded verifyReceipt body by its `status`.
    static func classify(_ response: VerifyReceiptResponse, from origin: String) -> VerifyReceiptAttemptResult {
        let classification = VerifyReceiptStatus(code: response.status, isRetryable: response.isRetryable)
        switch classification {
        case .valid, .expiredLegacyReceipt:
            return .verified(response)
        case .sandboxReceiptSentToProduction:
            return .redirect(to: .sandbox, status: response.status)
        case .productionReceiptSentToSandbox:
            return .redirect(to: .production, status: response.status)
        case .wrongSharedSecret:
            return .wrongSecret
        case .temporarilyUnavailable(let code):
            return .transient(reason: "status \(code) from \(origin)")
        case .malformedRequest, .notAuthentic, .accountNotFound, .failed:
            return .rejected(status: response.status, classification)
        }
    }

    /// Classifies an error the transport threw: an unusable URL is a configuration error, anything else may pass.
    static func classify(_ error: any Error, from endpoint: StoreEnvironment) -> VerifyReceiptAttemptResult {
        let origin = "the \(endpoint.rawValue) endpoint"
        guard let error = error as? HTTPTransportError else {
            return .transient(reason: "request to \(origin) failed: \(type(of: error))")
        }
        switch error.code {
        case .invalidRequest:
            return .misconfigured(status: 0, message: "cannot send to \(origin): \(error.message)")
        case .timeout:
            return .transient(reason: "timeout from \(origin)")
        default:
            return .transient(reason: "\(error.code) error from \(origin): \(error.message)")
        }
    }
}
