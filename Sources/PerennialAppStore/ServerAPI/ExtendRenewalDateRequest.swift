/// The body of Extend a Subscription Renewal Date.
public struct ExtendRenewalDateRequest: Sendable, Hashable, Codable {
    /// Days to add to the renewal date, 1 to 90.
    public var extendByDays: Int
    /// Why the date is extended.
    public var extendReasonCode: ExtendReasonCode
    /// A unique id (up to 128 characters, a UUID is fine) that makes a repeated request harmless.
    public var requestIdentifier: String

    /// Creates a request.
    public init(extendByDays: Int, extendReasonCode: ExtendReasonCode, requestIdentifier: String) {
        self.extendByDays = extendByDays
        self.extendReasonCode = extendReasonCode
        self.requestIdentifier = requestIdentifier
    }
}
