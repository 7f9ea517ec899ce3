extension AppStoreServerAPIError {
    /// Apple's numeric `errorCode`. Codes Apple adds later are kept as they come; the documented ones have names.
    public struct ErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The number Apple sent, such as 4040010.
        public var rawValue: Int

        /// Creates a code from Apple's number.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Whether Apple documents this code as one that may pass if the request is sent again.
        public var isRetryable: Bool {
            Self.retryable.contains(self)
        }

        public var description: String { String(rawValue) }

        static let retryable: Set<ErrorCode> = [
            .accountNotFoundRetryable, .appNotFoundRetryable, .originalTransactionIdNotFoundRetryable,
            .rateLimitExceeded, .generalInternal, .generalInternalRetryable,
        ]

        // MARK: 400 — the request is invalid

        /// The request is malformed (GeneralBadRequestError).
        public static let generalBadRequest = ErrorCode(rawValue: 4_000_000)
        /// The app identifier is invalid.
        public static let invalidAppIdentifier = ErrorCode(rawValue: 4_000_002)
        /// The revision token is invalid.
        public static let invalidRequestRevision = ErrorCode(rawValue: 4_000_005)
        /// The transaction identifier is invalid.
        public static let invalidTransactionId = ErrorCode(rawValue: 4_000_006)
        /// The original transaction identifier is invalid.
        public static let invalidOriginalTransactionId = ErrorCode(rawValue: 4_000_008)
        /// The `extendByDays` value is invalid.
        public static let invalidExtendByDays = ErrorCode(rawValue: 4_000_009)
        /// The `extendReasonCode` value is invalid.
        public static let invalidExtendReasonCode = ErrorCode(rawValue: 4_000_010)
        /// The `requestIdentifier` value is invalid.
        public static let invalidRequestIdentifier = ErrorCode(rawValue: 4_000_011)
        /// The start date is earlier than the earliest allowed date.
        public static let startDateTooFarInPast = ErrorCode(rawValue: 4_000_012)
        /// The end date precedes the start date, or equals it.
        public static let startDateAfterEndDate = ErrorCode(rawValue: 4_000_013)
        /// The pagination token is invalid.
        public static let invalidPaginationToken = ErrorCode(rawValue: 4_000_014)
        /// The start date is invalid.
        public static let invalidStartDate = ErrorCode(rawValue: 4_000_015)
        /// The end date is invalid.
        public static let invalidEndDate = ErrorCode(rawValue: 4_000_016)
        /// The pagination token expired.
        public static let paginationTokenExpired = ErrorCode(rawValue: 4_000_017)
        /// The notification type or subtype is invalid.
        public static let invalidNotificationType = ErrorCode(rawValue: 4_000_018)
        /// The request has too many filters (for example both `transactionId` and `notificationType`).
        public static let multipleFiltersSupplied = ErrorCode(rawValue: 4_000_019)
        /// The test notification token is invalid.
        public static let invalidTestNotificationToken = ErrorCode(rawValue: 4_000_020)
        /// The `sort` parameter is invalid.
        public static let invalidSort = ErrorCode(rawValue: 4_000_021)
        /// The `productType` parameter is invalid.
        public static let invalidProductType = ErrorCode(rawValue: 4_000_022)
        /// The `productId` parameter is invalid.
        public static let invalidProductId = ErrorCode(rawValue: 4_000_023)
        /// The `subscriptionGroupIdentifier` parameter is invalid.
        public static let invalidSubscriptionGroupIdentifier = ErrorCode(rawValue: 4_000_024)
        /// The `inAppOwnershipType` parameter is invalid.
        public static let invalidInAppOwnershipType = ErrorCode(rawValue: 4_000_026)
        /// The storefront country code list is empty.
        public static let invalidEmptyStorefrontCountryCodeList = ErrorCode(rawValue: 4_000_027)
        /// A storefront country code is invalid.
        public static let invalidStorefrontCountryCode = ErrorCode(rawValue: 4_000_028)
        /// The `revoked` parameter is invalid.
        public static let invalidRevoked = ErrorCode(rawValue: 4_000_030)
        /// The `status` parameter is invalid.
        public static let invalidStatus = ErrorCode(rawValue: 4_000_031)
        /// The `accountTenure` value is invalid.
        public static let invalidAccountTenure = ErrorCode(rawValue: 4_000_032)
        /// The `appAccountToken` value is invalid.
        public static let invalidAppAccountToken = ErrorCode(rawValue: 4_000_033)
        /// The `consumptionStatus` value is invalid.
        public static let invalidConsumptionStatus = ErrorCode(rawValue: 4_000_034)
        /// `customerConsented` is missing or not true.
        public static let invalidCustomerConsented = ErrorCode(rawValue: 4_000_035)
        /// The `deliveryStatus` value is invalid.
        public static let invalidDeliveryStatus = ErrorCode(rawValue: 4_000_036)
        /// The `lifetimeDollarsPurchased` value is invalid.
        public static let invalidLifetimeDollarsPurchased = ErrorCode(rawValue: 4_000_037)
        /// The `lifetimeDollarsRefunded` value is invalid.
        public static let invalidLifetimeDollarsRefunded = ErrorCode(rawValue: 4_000_038)
        /// The `platform` value is invalid.
        public static let invalidPlatform = ErrorCode(rawValue: 4_000_039)
        /// The `playTime` value is invalid.
        public static let invalidPlayTime = ErrorCode(rawValue: 4_000_040)
        /// The `sampleContentProvided` value is invalid.
        public static let invalidSampleContentProvided = ErrorCode(rawValue: 4_000_041)
        /// The `userStatus` value is invalid.
        public static let invalidUserStatus = ErrorCode(rawValue: 4_000_042)
        /// The transaction is not of a type this endpoint supports.
        public static let invalidTransactionTypeNotSupported = ErrorCode(rawValue: 4_000_047)
        /// The endpoint does not accept an app transaction identifier.
        public static let appTransactionIdNotSupported = ErrorCode(rawValue: 4_000_048)
        /// The app account token is not a valid UUID.
        public static let invalidAppAccountTokenUUID = ErrorCode(rawValue: 4_000_183)
        /// The transaction came through Family Sharing, which the endpoint does not support.
        public static let familyTransactionNotSupported = ErrorCode(rawValue: 4_000_185)
        /// The endpoint expects an original transaction identifier.
        public static let transactionIdIsNotOriginalTransactionId = ErrorCode(rawValue: 4_000_187)

        // MARK: 403 — not allowed

        /// The subscription's state does not allow a renewal-date extension.
        public static let subscriptionExtensionIneligible = ErrorCode(rawValue: 4_030_004)
        /// The subscription already received the maximum number of extensions.
        public static let subscriptionMaxExtension = ErrorCode(rawValue: 4_030_005)
        /// The subscription came through Family Sharing and cannot be extended directly.
        public static let familySharedSubscriptionExtensionIneligible = ErrorCode(rawValue: 4_030_007)

        // MARK: 404 — not found

        /// The App Store account was not found.
        public static let accountNotFound = ErrorCode(rawValue: 4_040_001)
        /// The App Store account was not found; try again.
        public static let accountNotFoundRetryable = ErrorCode(rawValue: 4_040_002)
        /// The app was not found.
        public static let appNotFound = ErrorCode(rawValue: 4_040_003)
        /// The app was not found; try again.
        public static let appNotFoundRetryable = ErrorCode(rawValue: 4_040_004)
        /// The original transaction identifier was not found.
        public static let originalTransactionIdNotFound = ErrorCode(rawValue: 4_040_005)
        /// The original transaction identifier was not found; try again.
        public static let originalTransactionIdNotFoundRetryable = ErrorCode(rawValue: 4_040_006)
        /// No App Store Server Notifications URL is set for the app in this environment.
        public static let serverNotificationURLNotFound = ErrorCode(rawValue: 4_040_007)
        /// The test notification token expired or its status is not available.
        public static let testNotificationNotFound = ErrorCode(rawValue: 4_040_008)
        /// No mass renewal-date extension request matches the product and request identifier.
        public static let statusRequestNotFound = ErrorCode(rawValue: 4_040_009)
        /// The transaction identifier was not found (in this environment).
        public static let transactionIdNotFound = ErrorCode(rawValue: 4_040_010)
        /// No app transaction exists for the customer.
        public static let appTransactionDoesNotExist = ErrorCode(rawValue: 4_040_019)

        // MARK: 429, 500

        /// The request exceeded the rate limit.
        public static let rateLimitExceeded = ErrorCode(rawValue: 4_290_000)
        /// A general internal error.
        public static let generalInternal = ErrorCode(rawValue: 5_000_000)
        /// An internal error; try again.
        public static let generalInternalRetryable = ErrorCode(rawValue: 5_000_001)
    }
}
