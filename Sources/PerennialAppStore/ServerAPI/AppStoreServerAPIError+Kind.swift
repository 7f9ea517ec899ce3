extension AppStoreServerAPIError {
    /// The kind of failure. Extensible: switch with a default.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        let name: String

        /// Apple refused the request with an error status (see `httpStatus` and `errorCode`).
        public static let apiError = Kind(name: "api_error")
        /// Apple refused the bearer token (HTTP 401), also after a freshly signed one: check the issuer id,
        /// key id, key and bundle id, and that the key is an In-App Purchase key.
        public static let unauthorized = Kind(name: "unauthorized")
        /// Apple's rate limit (HTTP 429) held after the allowed waits; `retryAfter` says when to try again.
        public static let rateLimited = Kind(name: "rate_limited")
        /// No usable answer after the allowed retries: timeouts, connection failures or HTTP 5xx.
        public static let unavailable = Kind(name: "unavailable")
        /// A success status whose body is not the documented JSON.
        public static let invalidResponse = Kind(name: "invalid_response")
        /// The client cannot sign or address requests as configured (unreadable key, no base URL).
        public static let invalidConfiguration = Kind(name: "invalid_configuration")

        public var description: String { name }
    }
}
