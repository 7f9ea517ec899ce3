/// A refusal of the simulated App Store Server API: HTTP status plus Apple's `errorCode` and
/// `errorMessage` (no body for 401, as Apple).
struct ServerAPIFailure: Error, Sendable, Equatable {
    var httpStatus: Int
    var errorCode: Int?
    var errorMessage: String

    static let unauthorized = Self(httpStatus: 401, errorCode: nil, errorMessage: "Unauthenticated")
    static let transactionIdNotFound = Self(httpStatus: 404, errorCode: 4_040_010, errorMessage: "Transaction id not found.")
    static let originalTransactionIdNotFound = Self(
        httpStatus: 404, errorCode: 4_040_005, errorMessage: "Original transaction id not found.")
    static let testNotificationNotFound = Self(
        httpStatus: 404, errorCode: 4_040_008, errorMessage: "Either the test notification token is expired or the notification and status are not yet available.")
    static let invalidTransactionId = Self(httpStatus: 400, errorCode: 4_000_006, errorMessage: "Invalid transaction id.")
    static let invalidOriginalTransactionId = Self(
        httpStatus: 400, errorCode: 4_000_008, errorMessage: "Invalid original transaction id.")
    static let invalidRevision = Self(httpStatus: 400, errorCode: 4_000_005, errorMessage: "Invalid request revision.")
    static let invalidPaginationToken = Self(httpStatus: 400, errorCode: 4_000_014, errorMessage: "Invalid pagination token.")
    static let invalidExtendByDays = Self(httpStatus: 400, errorCode: 4_000_009, errorMessage: "Invalid extend by days value.")
    static let invalidExtendReasonCode = Self(httpStatus: 400, errorCode: 4_000_010, errorMessage: "Invalid extend reason code.")
    static let invalidRequestIdentifier = Self(
        httpStatus: 400, errorCode: 4_000_011, errorMessage: "Invalid request identifier.")
    static let startDateAfterEndDate = Self(
        httpStatus: 400, errorCode: 4_000_013, errorMessage: "Invalid request. The end date precedes the start date or the dates are the same.")
    static let multipleFilters = Self(
        httpStatus: 400, errorCode: 4_000_019, errorMessage: "Invalid request. Supply either a transaction id or a notification type, but not both.")
    static let invalidNotificationType = Self(
        httpStatus: 400, errorCode: 4_000_018, errorMessage: "Invalid notification type.")
    static let extensionIneligible = Self(
        httpStatus: 403, errorCode: 4_030_004, errorMessage: "Forbidden - subscription state ineligible for extension.")

    /// An injected outage: Apple's `GeneralInternalRetryableError` under the fault's HTTP status.
    static func internalRetryable(httpStatus: Int) -> Self {
        Self(httpStatus: httpStatus, errorCode: 5_000_001, errorMessage: "An unknown error occurred. Please try again.")
    }

    /// An injected rate limit (`RateLimitExceededError`).
    static let rateLimitExceeded = Self(httpStatus: 429, errorCode: 4_290_000, errorMessage: "Rate limit exceeded.")

    /// A malformed request (`GeneralBadRequestError`).
    static func badRequest(_ message: String) -> Self {
        Self(httpStatus: 400, errorCode: 4_000_000, errorMessage: message)
    }
}
