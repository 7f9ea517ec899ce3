import PerennialCore

/// Whose receipt: one account, in one app, in one environment. A receipt token names exactly this.
struct ReceiptOwner: Sendable, Hashable, Comparable, Codable {
    var environment: StoreEnvironment
    var account: String
    var bundleID: String

    init(environment: StoreEnvironment, account: String, bundleID: String) {
        self.environment = environment
        self.account = account
        self.bundleID = bundleID
    }

    init(token: ReceiptToken) {
        self.init(environment: token.environment, account: token.account, bundleID: token.bundleID)
    }

    var token: ReceiptToken { ReceiptToken(environment: environment, account: account, bundleID: bundleID) }

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.account, lhs.bundleID, lhs.environment.rawValue) < (rhs.account, rhs.bundleID, rhs.environment.rawValue)
    }
}
