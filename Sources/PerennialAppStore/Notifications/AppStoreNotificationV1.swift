import PerennialCore

/// A version 1 App Store server notification (deprecated by Apple, still sent to apps configured for it).
/// Read leniently, like receipts: unknown fields are kept, odd types never fail decoding.
public struct AppStoreNotificationV1: Sendable, Hashable, Decodable {
    public var fields: AppleFields

    public init(from decoder: any Decoder) throws {
        fields = try AppleFields(from: decoder)
    }

    /// `notification_type`: INITIAL_BUY, DID_RENEW, DID_CHANGE_RENEWAL_STATUS, CANCEL, REFUND …, kept raw.
    public var notificationType: String? { fields.string("notification_type") }
    /// `password`: the app's shared secret, which proves the notification comes from the App Store.
    public var password: String? { fields.string("password") }
    /// `environment`: `Sandbox` or `PROD`.
    public var environment: String? { fields.string("environment") }
    /// `bid`: the app's bundle id.
    public var bundleID: String? { fields.string("bid") }
    /// `auto_renew_status`, `auto_renew_product_id`, `original_transaction_id` as sent.
    public var autoRenewStatus: Bool? { fields.bool("auto_renew_status") }
    public var autoRenewProductID: String? { fields.string("auto_renew_product_id") }
    public var originalTransactionID: String? { fields.string("original_transaction_id") }

    /// `unified_receipt`: the latest receipt information, shaped like a verifyReceipt response (status,
    /// environment, latest_receipt, latest_receipt_info, pending_renewal_info).
    public var unifiedReceipt: VerifyReceiptResponse? {
        guard case .object(var object)? = fields.values["unified_receipt"] else { return nil }
        if object["status"] == nil { object["status"] = .integer(0) }
        return try? VerifyReceiptResponse(fields: AppleFields(object))
    }
}
