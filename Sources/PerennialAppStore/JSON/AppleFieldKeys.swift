import PerennialCore

/// The keys Apple's verifyReceipt bodies repeat in every entry, kept once (and each date's `_ms` and `_pst`
/// keys), each with a slot: its position in `all`. A key read from a body is matched against these bytes;
/// when known, `AppleJSONTape` records its slot and `PlainJSONReader.value` shares the stored `String`
/// instead of allocating its own (most are longer than the 15 bytes a `String` holds inline).
enum AppleFieldKeys {
    /// Every known key; a key's slot is its position here.
    static let all = names + dates.flatMap { [$0, $0 + "_ms", $0 + "_pst"] }
    /// The matcher of the keys' bytes.
    static let list = PlainJSONKeyList(all)
    /// Each key's UTF-8 bytes, by slot, in one buffer allocated once for the life of the process (never freed:
    /// it is constant data), so that readers can compare against them without a closure per key.
    // nonisolated(unsafe): the buffer is written once, while the static is initialized, and only read after.
    nonisolated(unsafe) static let packedUTF8: [UnsafeRawBufferPointer] = {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: all.reduce(0) { $0 + $1.utf8.count }, alignment: 1)
        var offset = 0
        return all.map { key in
            let slice = UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<(offset + key.utf8.count)])
            slice.copyBytes(from: key.utf8)
            offset += key.utf8.count
            return UnsafeRawBufferPointer(slice)
        }
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

    /// `<key>_ms`: stored for Apple's date keys (read on every entry), built for any other.
    static func millisecondsKey(of key: String) -> String {
        millisecondsKeys[key] ?? key + "_ms"
    }

    private static let millisecondsKeys = Dictionary(uniqueKeysWithValues: dates.map { ($0, $0 + "_ms") })

    /// The slot of the key spelled by `bytes`, or nil when it is not one of Apple's known keys.
    static func slot(for bytes: UnsafeRawBufferPointer) -> Int? {
        list.index(of: bytes)
    }

    /// The slot of `key`, or nil when it is not one of Apple's known keys.
    static func slot(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { list.index(of: UnsafeRawBufferPointer($0)) }
    }

    /// The stored key spelled by `bytes`, or nil when it is not one of Apple's known keys.
    static func key(for bytes: UnsafeRawBufferPointer) -> String? {
        slot(for: bytes).map { all[$0] }
    }
}
