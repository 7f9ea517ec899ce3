/// The answer of Extend Subscription Renewal Dates for All Active Subscribers: the request was received.
public struct MassExtendRenewalDateResponse: Sendable, Hashable, Codable {
    /// The request identifier sent.
    public var requestIdentifier: String?

    /// Creates a response.
    public init(requestIdentifier: String? = nil) {
        self.requestIdentifier = requestIdentifier
    }
}
