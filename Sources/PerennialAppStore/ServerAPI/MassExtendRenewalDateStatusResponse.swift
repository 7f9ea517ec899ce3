import PerennialCore

/// The answer of Get Status of Subscription Renewal Date Extensions: how far a mass extension went.
public struct MassExtendRenewalDateStatusResponse: Sendable, Hashable, Codable {
    /// The request identifier asked about.
    public var requestIdentifier: String?
    /// Whether the App Store finished the request.
    public var complete: Bool?
    /// When it finished.
    public var completeDate: Instant?
    /// How many subscriptions were extended.
    public var succeededCount: Int64?
    /// How many could not be.
    public var failedCount: Int64?

    /// Creates a response.
    public init(
        requestIdentifier: String? = nil, complete: Bool? = nil, completeDate: Instant? = nil,
        succeededCount: Int64? = nil, failedCount: Int64? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.complete = complete
        self.completeDate = completeDate
        self.succeededCount = succeededCount
        self.failedCount = failedCount
    }
}
