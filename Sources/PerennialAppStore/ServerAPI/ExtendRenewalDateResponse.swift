import PerennialCore

/// The answer of Extend a Subscription Renewal Date.
public struct ExtendRenewalDateResponse: Sendable, Hashable, Codable {
    /// The subscription's original transaction id.
    public var originalTransactionId: String?
    /// The id of the subscription purchase event the extension applies to.
    public var webOrderLineItemId: String?
    /// Whether the extension succeeded.
    public var success: Bool?
    /// The new renewal date when it succeeded.
    public var effectiveDate: Instant?

    /// Creates a response.
    public init(
        originalTransactionId: String? = nil, webOrderLineItemId: String? = nil, success: Bool? = nil,
        effectiveDate: Instant? = nil
    ) {
        self.originalTransactionId = originalTransactionId
        self.webOrderLineItemId = webOrderLineItemId
        self.success = success
        self.effectiveDate = effectiveDate
    }
}
