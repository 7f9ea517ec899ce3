/// One call of Stripe's REST API, read off the wire: what `StripeSimulator.handle(_:)` answers.
public struct StripeSimulatedRequest: Sendable {
    /// `GET`, `POST` or `DELETE`.
    public var method: String
    /// The path, `/v1/…`, without the query.
    public var path: String
    /// The query's parameters merged with the form body's.
    public var params: StripeSimulatedParams
    /// The `Authorization` header.
    public var authorization: String?
    /// The `Idempotency-Key` header.
    public var idempotencyKey: String?
    /// `http://host:port`, for the URLs the simulator hands out (checkout pages, portal sessions).
    public var baseURL: String

    public init(
        method: String, path: String, params: StripeSimulatedParams = StripeSimulatedParams(), authorization: String? = nil,
        idempotencyKey: String? = nil, baseURL: String = "http://127.0.0.1"
    ) {
        self.method = method.uppercased()
        self.path = path
        self.params = params
        self.authorization = authorization
        self.idempotencyKey = idempotencyKey
        self.baseURL = baseURL
    }
}
