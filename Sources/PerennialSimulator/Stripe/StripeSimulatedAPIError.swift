/// An error in Stripe's envelope: `{"error": {"type", "code", "decline_code", "param", "message"}}` with
/// the HTTP status Stripe gives it.
public struct StripeSimulatedAPIError: Error, Sendable, Hashable {
    public var status: Int
    public var type: String
    public var code: String?
    public var declineCode: String?
    public var param: String?
    public var message: String

    public init(status: Int, type: String, code: String? = nil, declineCode: String? = nil, param: String? = nil, message: String) {
        self.status = status
        self.type = type
        self.code = code
        self.declineCode = declineCode
        self.param = param
        self.message = message
    }

    /// 400 invalid_request_error, naming the parameter at fault.
    static func invalid(_ message: String, param: String? = nil, code: String? = nil) -> StripeSimulatedAPIError {
        StripeSimulatedAPIError(status: 400, type: "invalid_request_error", code: code, param: param, message: message)
    }

    /// 400 because a required parameter is absent.
    static func missing(_ param: String) -> StripeSimulatedAPIError {
        invalid("Missing required param: \(param).", param: param, code: "parameter_missing")
    }

    /// 404 resource_missing for an id nobody knows.
    static func noSuch(_ kind: String, _ id: String, param: String = "id") -> StripeSimulatedAPIError {
        StripeSimulatedAPIError(
            status: 404, type: "invalid_request_error", code: "resource_missing", param: param,
            message: "No such \(kind): '\(id)'"
        )
    }

    /// 402 card_error: the customer's card was declined.
    static func declined() -> StripeSimulatedAPIError {
        StripeSimulatedAPIError(
            status: 402, type: "card_error", code: "card_declined", declineCode: "generic_decline", param: nil,
            message: "Your card was declined."
        )
    }

    /// The error's JSON body.
    var json: StripeSimulatedJSON {
        var error: [String: StripeSimulatedJSON] = ["type": .string(type), "message": .string(message)]
        if let code { error["code"] = .string(code) }
        if let declineCode { error["decline_code"] = .string(declineCode) }
        if let param { error["param"] = .string(param) }
        return .object(["error": .object(error)])
    }
}
