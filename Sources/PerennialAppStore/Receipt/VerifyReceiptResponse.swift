import PerennialCore

/// The body verifyReceipt answers with. Decoding never fails on content: a missing or oddly typed field
/// reads as nil, and fields Perennial does not know are kept in `additionalFields`.
public struct VerifyReceiptResponse: Sendable, Hashable, Codable {
    /// `status`: 0 when the receipt is valid, otherwise one of the codes in `VerifyReceiptStatus`.
    public var status: Int
    /// `environment`: `Production` or `Sandbox`, as sent.
    public var environment: String?
    /// `is-retryable`: sent with statuses 21100–21199 as 1/0 (or true/false).
    public var isRetryable: Bool?
    /// `receipt`: the decoded receipt.
    public var receipt: AppReceipt?
    /// `latest_receipt`: the latest base64 receipt, for apps with auto-renewable subscriptions.
    public var latestReceipt: String?
    /// `latest_receipt_info`: every auto-renewable transaction (the latest one only with
    /// `exclude-old-transactions`).
    public var latestReceiptInfo: [InAppPurchaseReceipt]?
    /// `pending_renewal_info`: one entry per auto-renewable subscription.
    public var pendingRenewalInfo: [PendingRenewalInfo]?
    /// Top-level fields Perennial does not model, kept as sent.
    public var additionalFields: [String: JSONValue]

    public init(
        status: Int, environment: String? = nil, isRetryable: Bool? = nil, receipt: AppReceipt? = nil,
        latestReceipt: String? = nil, latestReceiptInfo: [InAppPurchaseReceipt]? = nil,
        pendingRenewalInfo: [PendingRenewalInfo]? = nil, additionalFields: [String: JSONValue] = [:]
    ) {
        self.status = status
        self.environment = environment
        self.isRetryable = isRetryable
        self.receipt = receipt
        self.latestReceipt = latestReceipt
        self.latestReceiptInfo = latestReceiptInfo
        self.pendingRenewalInfo = pendingRenewalInfo
        self.additionalFields = additionalFields
    }

    private static let knownKeys: [AppleFieldKey] = [
        .status, .environment, .isRetryable, .receipt, .latestReceipt, .latestReceiptInfo, .pendingRenewalInfo,
    ]

    public init(from decoder: any Decoder) throws {
        try self.init(fields: try AppleFields(from: decoder))
    }

    /// Reads a response from its fields; throws when `status` is missing or not a number.
    public init(fields object: AppleFields) throws {
        guard let status = object.integer(.status), let narrowed = Int(exactly: status) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "status is missing or not a number")
            )
        }
        self.status = narrowed
        environment = object.string(.environment)
        isRetryable = object.bool(.isRetryable)
        receipt = object.object(.receipt).map(AppReceipt.init(fields:))
        latestReceipt = object.string(.latestReceipt)
        latestReceiptInfo = object.objects(.latestReceiptInfo)?.map(InAppPurchaseReceipt.init(fields:))
        pendingRenewalInfo = object.objects(.pendingRenewalInfo)?.map(PendingRenewalInfo.init(fields:))
        additionalFields = object.values(excluding: Self.knownKeys)
    }

    public func encode(to encoder: any Encoder) throws {
        var object = additionalFields
        object["status"] = .integer(Int64(status))
        object["environment"] = environment.map(JSONValue.string)
        object["is-retryable"] = isRetryable.map { .integer($0 ? 1 : 0) }
        object["receipt"] = receipt.map { .object($0.fields.values) }
        object["latest_receipt"] = latestReceipt.map(JSONValue.string)
        object["latest_receipt_info"] = latestReceiptInfo.map { .array($0.map { .object($0.fields.values) }) }
        object["pending_renewal_info"] = pendingRenewalInfo.map { .array($0.map { .object($0.fields.values) }) }
        try AppleFields(object).encode(to: encoder)
    }
}
