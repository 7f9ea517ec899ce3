import PerennialCore

/// A customer whose lifetime value contributions are refreshed, in one environment; ordered by app user id
/// (byte for byte), then environment: the order in which writes take their locks.
struct LifetimeValueOwner: Hashable, Comparable, Sendable {
    var appUserID: ExactString
    var environment: StoreEnvironment

    init(appUserID: String, environment: StoreEnvironment) {
        self.appUserID = ExactString(appUserID)
        self.environment = environment
    }

    static func < (lhs: LifetimeValueOwner, rhs: LifetimeValueOwner) -> Bool {
        if lhs.appUserID != rhs.appUserID { return lhs.appUserID < rhs.appUserID }
        return lhs.environment.rawValue < rhs.environment.rawValue
    }

    /// The transaction-scoped lock two writes refreshing this customer's lifetime value take turns on
    /// (PostgreSQL).
    func lock(appID: String) -> Int64 {
        StableHash.fnv1a64("customer-lifetime-value|\(appID)|\(appUserID.text)|\(environment.rawValue)")
    }
}
