import Foundation

/// The keys Apple's verifyReceipt bodies repeat in every entry, kept once: a key read from a body is
/// matched against these bytes and, when known, shares the stored `String` instead of allocating its own
/// (most of them are longer than the 15 bytes a `String` holds inline). Unknown keys are read as usual.
enum AppleFieldKeys {
    /// Known keys bucketed by their length in bytes.
    private static let byLength: [[(bytes: [UInt8], key: String)]] = {
        var buckets = [[(bytes: [UInt8], key: String)]](repeating: [], count: 40)
        for key in names + dates.flatMap({ [$0, $0 + "_ms", $0 + "_pst"] }) {
            buckets[key.utf8.count].append((Array(key.utf8), key))
        }
        return buckets
    }()

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

    /// The stored key spelled by `bytes`, or nil when it is not one of Apple's known keys.
    static func key(for bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count < byLength.count, let start = bytes.baseAddress else { return nil }
        for entry in byLength[bytes.count] {
            // Buckets hold no empty key, so an entry's bytes have a base address.
            let isEqual = entry.bytes.withUnsafeBytes { memcmp($0.baseAddress!, start, bytes.count) == 0 }
            if isEqual { return entry.key }
        }
        return nil
    }
}
