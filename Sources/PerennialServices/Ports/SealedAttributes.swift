import Foundation
import PerennialCore

/// A customer's attributes as the ledger keeps them: sealed with the master key (`SecretBox`), since they
/// are personal data, and when they were last set.
public struct SealedAttributes: Sendable, Hashable {
    public var sealed: Data
    public var updatedAt: Instant

    public init(sealed: Data, updatedAt: Instant) {
        self.sealed = sealed
        self.updatedAt = updatedAt
    }
}
