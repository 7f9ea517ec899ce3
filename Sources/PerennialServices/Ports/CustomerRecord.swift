import Foundation
import PerennialCore

/// A customer of one app, identified by the app's user id (anonymous ids allowed). What the customer's
/// stores know them by (a receipt, later purchase tokens and Stripe ids) are `StoreToken`s, kept apart.
public struct CustomerRecord: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var createdAt: Instant

    public init(appID: String, appUserID: String, createdAt: Instant) {
        self.appID = appID
        self.appUserID = appUserID
        self.createdAt = createdAt
    }
}
