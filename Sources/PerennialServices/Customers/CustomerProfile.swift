import PerennialCore

/// Who a customer is, as the admin API shows it: the id, the aliases that resolve to it, its attributes and
/// when Perennial first saw it.
public struct CustomerProfile: Sendable, Hashable {
    public var appUserID: String
    public var aliases: [String]
    public var attributes: CustomerAttributes
    public var firstSeenAt: Instant

    public init(appUserID: String, aliases: [String], attributes: CustomerAttributes, firstSeenAt: Instant) {
        self.appUserID = appUserID
        self.aliases = aliases
        self.attributes = attributes
        self.firstSeenAt = firstSeenAt
    }
}
