import Foundation
import PerennialCore

/// A customer of one app, identified by the app's user id (anonymous ids allowed).
public struct CustomerRecord: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var createdAt: Instant
    /// The customer's latest receipt, sealed with `SecretBox`.
    public var sealedReceiptToken: Data?
    public var receiptUpdatedAt: Instant?

    public init(
        appID: String, appUserID: String, createdAt: Instant, sealedReceiptToken: Data? = nil,
        receiptUpdatedAt: Instant? = nil
    ) {
        self.appID = appID
        self.appUserID = appUserID
        self.createdAt = createdAt
        self.sealedReceiptToken = sealedReceiptToken
        self.receiptUpdatedAt = receiptUpdatedAt
    }
}
