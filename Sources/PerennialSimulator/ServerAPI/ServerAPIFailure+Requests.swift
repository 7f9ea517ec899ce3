extension ServerAPIFailure {
    static let invalidProductId = Self(httpStatus: 400, errorCode: 4_000_023, errorMessage: "Invalid product id.")
    static let invalidEmptyStorefrontCountryCodeList = Self(
        httpStatus: 400, errorCode: 4_000_027,
        errorMessage: "Invalid request. If provided, the list of storefront country codes must not be empty.")
    static let invalidStorefrontCountryCode = Self(
        httpStatus: 400, errorCode: 4_000_028, errorMessage: "Invalid request. A storefront country code was invalid.")
    static let invalidAccountTenure = Self(httpStatus: 400, errorCode: 4_000_032, errorMessage: "Invalid request. Account tenure is invalid.")
    static let invalidAppAccountToken = Self(
        httpStatus: 400, errorCode: 4_000_033, errorMessage: "Invalid request. App account token field must contain a valid UUID or an empty string.")
    static let invalidConsumptionStatus = Self(
        httpStatus: 400, errorCode: 4_000_034, errorMessage: "Invalid request. Consumption status is invalid.")
    static let invalidCustomerConsented = Self(
        httpStatus: 400, errorCode: 4_000_035, errorMessage: "Invalid request. Customer consented field must be true or the request should not be sent.")
    static let invalidDeliveryStatus = Self(
        httpStatus: 400, errorCode: 4_000_036, errorMessage: "Invalid request. Delivery status is invalid.")
    static let invalidLifetimeDollarsPurchased = Self(
        httpStatus: 400, errorCode: 4_000_037, errorMessage: "Invalid request. Lifetime dollars purchased field is invalid.")
    static let invalidLifetimeDollarsRefunded = Self(
        httpStatus: 400, errorCode: 4_000_038, errorMessage: "Invalid request. Lifetime dollars refunded field is invalid.")
    static let invalidPlatform = Self(httpStatus: 400, errorCode: 4_000_039, errorMessage: "Invalid request. Platform is invalid.")
    static let invalidPlayTime = Self(httpStatus: 400, errorCode: 4_000_040, errorMessage: "Invalid request. Play time is invalid.")
    static let invalidSampleContentProvided = Self(
        httpStatus: 400, errorCode: 4_000_041, errorMessage: "Invalid request. Sample content provided is invalid.")
    static let invalidUserStatus = Self(httpStatus: 400, errorCode: 4_000_042, errorMessage: "Invalid request. User status is invalid.")
    static let invalidTransactionTypeNotSupported = Self(
        httpStatus: 400, errorCode: 4_000_047, errorMessage: "Invalid request. The transaction type is not supported.")
    static let invalidAppAccountTokenUUID = Self(
        httpStatus: 400, errorCode: 4_000_183, errorMessage: "Invalid request. The app account token field must be a valid UUID.")
    static let familyTransactionNotSupported = Self(
        httpStatus: 400, errorCode: 4_000_185, errorMessage: "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
    static let transactionIdIsNotOriginalTransactionId = Self(
        httpStatus: 400, errorCode: 4_000_187, errorMessage: "Invalid request. The transaction id parameter must represent the original transaction id.")
    static let statusRequestNotFound = Self(
        httpStatus: 404, errorCode: 4_040_009, errorMessage: "The server didn't find a subscription-renewal-date extension request for this requestIdentifier and productId combination.")
}
