import PerennialCore

/// The keys Apple's verifyReceipt bodies repeat in every entry, kept once (and each date's `_ms` key): a key read from a body is
/// matched against these bytes and, when known, shares the stored `String` instead of allocating its own
/// (most of them are longer than the 15 bytes a `String` holds inline). Unknown keys are read as usual.
enum AppleFieldKeys {
    /// Every known key, and the matcher of their bytes.
    private static let all = names + dates.flatMap { [$0, $0 + "_ms", $0 + "_pst"] }
    private static let list = PlainJSONKeyList(all)

    private static let names = [
        "status", "environment", "is-retryable", "receipt", "latest_receipt", "latest_receipt_info",
        "pending_renewal_info", "in_app", "adam_id", "app_item_id", "application_version", "bundle_id",
        "download_id", "version_external_identifier", "original_application_version", "receipt_type",
        "quantity", "product_id", "transaction_id", "original_transaction_id", "web_order_line_item_id",
        "is_trial_period", "is_in_intro_offer_period", "is_upgraded", "in_app_ownership_type",
        "subscription_group_identifier", "offer_code_ref_name", "promotional_offer_id", "cancellation_reason",
        "auto_renew_product_id", "auto_renew_status", "expiration_intent", "is_in_billing_retry_period",
        "price_consent_status",
    ]

    /// Date fields, each sent as `<key>`, `<key>_ms` and `<key>_pst`.
    private static let dates = [
        "receipt_creation_date", "request_date", "original_purchase_date", "purchase_date", "expires_date",
        "cancellation_date", "grace_period_expires_date", "expiration_date", "preorder_date",
    ]

    /// `<key>_ms`: stored for Apple's date keys (read on every entry), built for any other.
    static func millisecondsKey(of key: String) -> String {
        millisecondsKeys[key] ?? key + "_ms"
    }

    private static let millisecondsKeys = Dictionary(uniqueKeysWithValues: dates.map { ($0, $0 + "_ms") })

    /// The stored key spelled by `bytes`, or nil when it is not one of Apple's known keys.
    static func key(for bytes: UnsafeRawBufferPointer) -> String? {
        list.index(of: bytes).map { all[$0] }
    }
}
