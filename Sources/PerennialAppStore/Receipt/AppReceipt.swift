import PerennialCore

/// The `receipt` object of a verifyReceipt response: the decoded app receipt.
public struct AppReceipt: Sendable, Hashable, Codable {
    public var fields: AppleFields

    public init(fields: AppleFields = AppleFields()) { self.fields = fields }
    public init(from decoder: any Decoder) throws { fields = try AppleFields(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    /// `in_app`: the in-app purchases the receipt holds. Entries that are not JSON objects are skipped.
    public var inApp: [InAppPurchaseReceipt] {
        get { fields.objects(.inApp)?.map(InAppPurchaseReceipt.init(fields:)) ?? [] }
        set { fields.values["in_app"] = .array(newValue.map { .object($0.fields.values) }) }
    }

    /// `receipt_type`: Production, ProductionSandbox, ProductionVPP, ProductionVPPSandbox.
    public var receiptType: String? { get { fields.string(.receiptType) } set { fields.set("receipt_type", newValue) } }
    /// `adam_id` (`app_item_id`): the app's App Store id; 0 in the sandbox.
    public var adamID: Int64? { get { fields.integer(.adamID) } set { fields.set("adam_id", newValue.map(String.init)) } }
    /// `app_item_id`.
    public var appItemID: Int64? { get { fields.integer(.appItemID) } set { fields.set("app_item_id", newValue.map(String.init)) } }
    /// `bundle_id`.
    public var bundleID: String? { get { fields.string(.bundleID) } set { fields.set("bundle_id", newValue) } }
    /// `application_version`: CFBundleVersion when the receipt was created.
    public var applicationVersion: String? {
        get { fields.string(.applicationVersion) } set { fields.set("application_version", newValue) }
    }
    /// `original_application_version`.
    public var originalApplicationVersion: String? {
        get { fields.string(.originalApplicationVersion) } set { fields.set("original_application_version", newValue) }
    }
    /// `download_id`.
    public var downloadID: Int64? { get { fields.integer(.downloadID) } set { fields.set("download_id", newValue.map(String.init)) } }
    /// `version_external_identifier`.
    public var versionExternalIdentifier: Int64? {
        get { fields.integer(.versionExternalIdentifier) }
        set { fields.set("version_external_identifier", newValue.map(String.init)) }
    }
    /// `receipt_creation_date` / `_ms` / `_pst`.
    public var receiptCreationDate: Instant? {
        get { fields.instant(.receiptCreationDate) } set { fields.setInstant("receipt_creation_date", newValue) }
    }
    /// `request_date` / `_ms` / `_pst`: when verifyReceipt answered.
    public var requestDate: Instant? { get { fields.instant(.requestDate) } set { fields.setInstant("request_date", newValue) } }
    /// `original_purchase_date` / `_ms` / `_pst`: when the app was first bought.
    public var originalPurchaseDate: Instant? {
        get { fields.instant(.originalPurchaseDate) } set { fields.setInstant("original_purchase_date", newValue) }
    }
    /// `expiration_date` / `_ms` / `_pst`: for Volume Purchase Program apps.
    public var expirationDate: Instant? {
        get { fields.instant(.expirationDate) } set { fields.setInstant("expiration_date", newValue) }
    }
    /// `preorder_date` / `_ms` / `_pst`: for pre-ordered apps.
    public var preorderDate: Instant? { get { fields.instant(.preorderDate) } set { fields.setInstant("preorder_date", newValue) } }
}
