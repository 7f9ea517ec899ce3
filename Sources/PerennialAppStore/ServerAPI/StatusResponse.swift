/// The answer of Get All Subscription Statuses: the latest transaction of each of the customer's
/// auto-renewable subscriptions, grouped by subscription group.
public struct StatusResponse: Sendable, Hashable, Codable {
    /// The environment that answered.
    public var environment: ServerAPIEnvironment?
    /// The app's bundle id.
    public var bundleId: String?
    /// The app's App Store identifier.
    public var appAppleId: Int64?
    /// One entry per subscription group.
    public var data: [SubscriptionGroupIdentifierItem]?

    /// Creates a response.
    public init(
        environment: ServerAPIEnvironment? = nil, bundleId: String? = nil, appAppleId: Int64? = nil,
        data: [SubscriptionGroupIdentifierItem]? = nil
    ) {
        self.environment = environment
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.data = data
    }
}
