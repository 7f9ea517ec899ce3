import PerennialServices

extension ErrorCode {
    /// The App Store's codes: its receipts' verdicts, its signed transactions and its settings.
    public static let appStore: [ErrorCode] = [
        .invalidReceiptData, .receiptMalformed, .receiptUnreadable, .receiptNotAuthentic, .receiptBundleMismatch,
        .receiptSharedSecretMismatch, .receiptRejected, .storeAccountNotFound, .appStoreNotConfigured,
        .invalidSignedTransaction, .signedTransactionIncomplete, .signedDataUnconfigured,
        .signedNotificationsUnsupported, .serverAPINotConfigured
    ]

    public static let invalidReceiptData = ErrorCode("invalid_receipt_data", .badRequest, "`receipt_data` is empty, longer than the limit, or not base64.")
    public static let receiptMalformed = ErrorCode("receipt_malformed", .badRequest, "The App Store could not read the receipt data (status 21002).")
    public static let receiptUnreadable = ErrorCode("receipt_unreadable", .unprocessable, "The receipt cannot be read (not a PKCS#7 App Store receipt).")
    public static let receiptNotAuthentic = ErrorCode("receipt_not_authentic", .unprocessable, "The receipt is not signed by the App Store (status 21003, or its signature fails locally).")
    public static let receiptBundleMismatch = ErrorCode("receipt_bundle_mismatch", .unprocessable, "The receipt is another app's.")
    public static let receiptSharedSecretMismatch = ErrorCode("receipt_shared_secret_mismatch", .unprocessable, "The App Store refused the shared secret for a receipt that is not provably this app's (status 21004).")
    public static let receiptRejected = ErrorCode("receipt_rejected", .unprocessable, "The App Store rejected the receipt for another reason (its status is in the message).")
    public static let storeAccountNotFound = ErrorCode("store_account_not_found", .unprocessable, "The receipt's Apple account no longer exists (status 21010).")
    public static let appStoreNotConfigured = ErrorCode("app_store_not_configured", .unprocessable, "The app has no App Store settings, so it takes no App Store receipts.")
    public static let invalidSignedTransaction = ErrorCode("invalid_signed_transaction", .badRequest, "`signed_transaction` is not a compact JWS.")
    public static let signedTransactionIncomplete = ErrorCode("signed_transaction_incomplete", .unprocessable, "The signed transaction lacks an id, a product or a purchase date.")
    public static let signedDataUnconfigured = ErrorCode("signed_data_unconfigured", .badGateway, "The app accepts no signed App Store data (see /health).", mayPass: true)
    public static let signedNotificationsUnsupported = ErrorCode("signed_notifications_unsupported", .`internal`, "This server cannot verify signed notifications.")
    public static let serverAPINotConfigured = ErrorCode("server_api_not_configured", .conflict, "The app has no App Store Server API credentials (`apple.server_api`).")
}
