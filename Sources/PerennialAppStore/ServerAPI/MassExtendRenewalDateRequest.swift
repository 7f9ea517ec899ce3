/// The body of Extend Subscription Renewal Dates for All Active Subscribers (of one product).
public struct MassExtendRenewalDateRequest: Sendable, Hashable, Codable {
    /// A unique id (up to 128 characters, a UUID is fine) to ask the request's status with.
    public var requestIdentifier: String
    /// Days to add to the renewal dates, 1 to 90.
    public var extendByDays: Int
    /// Why the dates are extended.
    public var extendReasonCode: ExtendReasonCode
    /// The auto-renewable subscription product whose subscribers get the extension.
    public var productId: String
    /// Only subscribers of these storefronts (ISO 3166-1 alpha-3, `USA`); nil for all storefronts.
    public var storefrontCountryCodes: [String]?

    /// Creates a request.
    public init(
        requestIdentifier: String, extendByDays: Int, extendReasonCode: ExtendReasonCode, productId: String,
        storefrontCountryCodes: [String]? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.productId = productId
        self.storefrontCountryCodes = storefrontCountryCodes
    }
}
