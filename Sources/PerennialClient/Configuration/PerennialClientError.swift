import Foundation

/// Why a call of the client failed. `code` is stable: log it, branch on the cases.
public enum PerennialClientError: Error, Sendable, Equatable {
    /// The server could not be reached (no network, a timeout, a refused connection).
    case network(String)
    /// The server answered with an error envelope (`{"error": {"code", "message"}}`).
    case server(status: Int, code: String, message: String)
    /// The server asked the app to slow down; retry after the seconds given (when it said).
    case rateLimited(retryAfter: TimeInterval?)
    /// The server's answer could not be read as the documented JSON.
    case invalidResponse(String)
    /// Offline and nothing cached for this customer yet.
    case noCachedCustomer
    /// StoreKit is not available here (Linux, or a platform without it) and no store was given.
    case storeUnavailable
    /// StoreKit could not verify the transaction's signature: not sent, not finished, no access given.
    case unverifiedTransaction(String)
    /// The product is not sold on this platform's store (a paywall package without an App Store product).
    case productUnavailable(String)
    /// The store refused or failed the purchase.
    case purchaseFailed(String)

    /// A stable machine-readable code.
    public var code: String {
        switch self {
        case .network: "network_unavailable"
        case .server(_, let code, _): code
        case .rateLimited: "rate_limited"
        case .invalidResponse: "invalid_response"
        case .noCachedCustomer: "no_cached_customer"
        case .storeUnavailable: "store_unavailable"
        case .unverifiedTransaction: "unverified_transaction"
        case .productUnavailable: "product_unavailable"
        case .purchaseFailed: "purchase_failed"
        }
    }

    /// Whether the same call may succeed later unchanged: network failures, 5xx, 408 and 429.
    public var isRetryable: Bool {
        switch self {
        case .network, .rateLimited: true
        case .server(let status, _, _): status >= 500 || status == 408
        default: false
        }
    }
}
