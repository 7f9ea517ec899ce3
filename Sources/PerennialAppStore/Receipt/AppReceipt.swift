import PerennialCore

/// The `receipt` object of a verifyReceipt response: the decoded app receipt.
public struct AppReceipt: Sendable, Hashable, Codable {
    public var fields: AppleFields

    public init(fields: AppleFields = AppleFields()) { self.fields = fields }
    public init(from decoder: any Decoder) throws { fields = try AppleFields(from: decoder) }
    public func encode(to encoder: any Encoder) throws { try fields.encode(to: encoder) }

    /// `in_app`: the in-app purchases the receipt holds. Entries that are not JSON objects are skipped.
    public var inApp: [InAppPurchaseReceipt] {
        get { fields.values["in_app"].flatMap(Self.purchases(from:)) ?? [] }
        set { fields.values["in_app"] = .array(newValue.map { .object($0.fields.values) }) }
    }

    /// `receipt_type`: Production, ProductionSandbox, ProductionVPP, ProductionVPPSandbox.
    public var receiptType: String? { get { fields.string("receipt_type") } set { fields.set("receipt_type", newValue) } }
    /// `adam_id` (`app_item_id`): the app's App Store id; 0 in the sandbox.
    public var adamID: Int64? { get { fields.integer("adam_id") } set { fields.set("adam_id", newValue.map(String.init)) } }
    /// `app_item_id`.
    public var appItemID: Int64? { get { fields.integer("app_item_id") } set { fields.set("app_item_id", newValue.map(String.init)) } }
    /// `bundle_id`.
    public var bundleID: String? { get { fields.string("bundle_id") } set { fields.set("bundle_id", newValue) } }
    /// `application_version`: CFBundleVersion when the receipt was created.
    public var applicationVersion: String? {
        get { fields.string("application_version") } set { fields.set("application_version", newValue) }
    }
    /// `original_application_version`.
    public var originalApplicationVersion: String? {
        get { fields.string("original_application_version") } set { fields.set("original_application_version", newValue) }
    }
    /// `download_id`.
    public var downloadID: Int64? { get { fields.integer("download_id") } set { fields.set("download_id", newValue.map(String.init)) } }
    /// `version_external_identifier`.
    public var versionExternalIdentifier: Int64? {
        get { fields.integer("version_external_identifier") }
        set { fields.set("version_external_identifier", newValue.map(String.init)) }
    }
    /// `receipt_creation_date` / `_ms` / `_pst`.
    public var receiptCreationDate: Instant? {
        get { fields.instant("receipt_creation_date") } set { fields.setInstant("receipt_creation_date", newValue) }
    }
    /// `request_date` / `_ms` / `_pst`: when verifyReceipt answered.
    public var requestDate: Instant? { get { fields.instant("request_date") } set { fields.setInstant("request_date", newValue) } }
    /// `original_purchase_date` / `_ms` / `_pst`: when the app was first bought.
    public var originalPurchaseDate: Instant? {
        get { fields.instant("original_purchase_date") } set { fields.setInstant("original_purchase_date", newValue) }
    }
    /// `expiration_date` / `_ms` / `_pst`: for Volume Purchase Program apps.
    public var expirationDate: Instant? {
        get { fields.instant("expiration_date") } set { fields.setInstant("expiration_date", newValue) }
    }
    /// `preorder_date` / `_ms` / `_pst`: for pre-ordered apps.
    public var preorderDate: Instant? { get { fields.instant("preorder_date") } set { fields.setInstant("preorder_date", newValue) } }

    private static func purchases(from value: JSONValue) -> [InAppPurchaseReceipt]? {
        guard case .array(let items) = value else { return nil }
        return items.compactMap { item in
            guard case .object(let object) = item else { return nil }
            return InAppPurchaseReceipt(fields: AppleFields(object))
        }
    }
}
