import Foundation
import PerennialCore

/// What links a store's names to customers and subscriptions: store tokens, app account tokens, store references. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol StoreLinkRecords: Sendable {
    /// Stores a token a store knows the customer by, creating the customer when absent; a token older than
    /// the stored one of the same store and kind is ignored, so replays in any order keep the latest.
    func setStoreToken(appID: String, appUserID: String, _ token: StoreToken) async throws

    /// The customer's token of a store and kind, if one was stored.
    func storeToken(appID: String, appUserID: String, store: Store, kind: StoreToken.Kind) async throws -> StoreToken?

    /// Records that an app account token (StoreKit 2 `appAccountToken`) stands for a customer; a later link
    /// of the same token replaces it.
    func linkAccountToken(appID: String, token: String, appUserID: String, linkedAt: Instant) async throws

    /// The customer an app account token stands for, if one was linked.
    func appUserID(appID: String, accountToken: String) async throws -> String?

    /// Records that a store's reference (Google Play's purchase token) names a subscription, whose id may be
    /// another reference (the first token of a chain of upgrades). The first record of a reference stays.
    func recordStoreReference(appID: String, subscription: SubscriptionKey, reference: String, recordedAt: Instant) async throws

    /// The subscription a store's reference names, when one was recorded.
    func subscription(appID: String, store: Store, reference: String) async throws -> SubscriptionKey?

    /// The reference recorded last for a subscription (the newest purchase token of a chain).
    func latestStoreReference(appID: String, subscription: SubscriptionKey) async throws -> String?
}
