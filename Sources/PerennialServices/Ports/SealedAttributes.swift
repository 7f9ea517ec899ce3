import Foundation
import PerennialCore

/// A customer's attributes as the ledger keeps them: sealed with the master key (`SecretBox`), since they
/// are personal data, and when they were last set.
public struct SealedAttributes: Sendable, Hashable {
    public var sealed: Data
    public var updatedAt: Instant
    /// The keyed digest of the `$email` attribute (`SecretBox.lookupDigest`), for finding the customer by
    /// email without storing it in the clear: "" when there is none, nil when not known yet.
    public var emailLookup: String?

    public init(sealed: Data, updatedAt: Instant, emailLookup: String? = nil) {
        self.sealed = sealed
        self.updatedAt = updatedAt
        self.emailLookup = emailLookup
    }
}
