import Foundation
import PerennialOutbound

extension StripeAPIError {
    /// The error a non-2xx answer means, with Stripe's details from its body when it has them.
    static func from(_ response: HTTPTransportResponse, call: String) -> StripeAPIError {
        let detail = (try? JSONDecoder().decode(StripeErrorBody.self, from: Data(response.body)))?.error
        let code: Code
        switch (response.status, detail?.type) {
        case (_, "idempotency_error"): code = .idempotency
        case (_, "card_error"), (402, _): code = .cardError
        case (401, _), (403, _): code = .authentication
        case (404, _): code = .notFound
        case (409, _): code = .idempotency
        case (429, _): code = .rateLimited
        case (500..., _): code = .apiError
        default: code = .invalidRequest
        }
        var error = StripeAPIError(code, message: "\(call) answered HTTP \(response.status)", httpStatus: response.status)
        error.stripeType = detail?.type
        error.stripeCode = detail?.code
        error.stripeMessage = detail?.message.map(redactingKeys)
        error.param = detail?.param
        error.declineCode = detail?.declineCode
        error.requestID = response.header("Request-Id")
        return error
    }

    /// `text` with anything shaped like a Stripe secret (`sk_…`, `rk_…`, `whsec_…`) replaced: Stripe masks
    /// keys in its messages, and this makes sure.
    static func redactingKeys(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let bare = word.drop { !$0.isLetter }
            return ["sk_", "rk_", "whsec_"].contains { bare.hasPrefix($0) } ? "[redacted]" : String(word)
        }.joined(separator: " ")
    }
}
