import Foundation

/// The body of Set App Account Token.
public struct UpdateAppAccountTokenRequest: Sendable, Hashable, Codable {
    /// The UUID that ties the purchase to a customer account, in its string form.
    public var appAccountToken: String

    /// Creates a request from a UUID string.
    public init(appAccountToken: String) {
        self.appAccountToken = appAccountToken
    }

    /// Creates a request from a UUID, written in lower case as StoreKit writes it.
    public init(appAccountToken: UUID) {
        self.appAccountToken = appAccountToken.uuidString.lowercased()
    }
}
