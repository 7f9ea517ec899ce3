/// Stripe's error answer, `{"error": {"type", "code", "message", "param", "decline_code"}}`.
public struct StripeErrorBody: Decodable, Sendable, Hashable {
    public struct Detail: Decodable, Sendable, Hashable {
        /// `api_error`, `card_error`, `idempotency_error`, `invalid_request_error`.
        public var type: String?
        /// A short string such as `resource_missing`.
        public var code: String?
        public var message: String?
        /// The parameter the error is about.
        public var param: String?
        public var declineCode: String?

        enum CodingKeys: String, CodingKey {
            case type, code, message, param, declineCode = "decline_code"
        }
    }

    public var error: Detail?
}
