import Foundation
import PerennialCore

/// The read model: each subscription's state and owner. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol SubscriptionRecords: Sendable {
    /// Blocks other transactions that lock the same subscription until this one ends.
    func lockSubscription(appID: String, subscription: SubscriptionKey) async throws

    /// Locks each subscription as `lockSubscription` does, in the order given, in one statement.
    func lockSubscriptions(appID: String, _ keys: [SubscriptionKey]) async throws

    /// What folding each of `keys` reads (an entry for every key, empty for one with nothing stored), in a
    /// few statements whatever their number. Lock them first: what is read stays true until the write ends.
    func foldInputs(appID: String, keys: [SubscriptionKey]) async throws -> [SubscriptionKey: SubscriptionFoldInputs]

    /// The app user id that owns a subscription, if any.
    func subscriptionOwner(appID: String, subscription: SubscriptionKey) async throws -> String?

    /// The stored state of a subscription.
    func subscriptionState(appID: String, subscription: SubscriptionKey) async throws -> SubscriptionState?

    /// Inserts or replaces a subscription's state and sets its owner.
    func saveSubscription(appID: String, ownerAppUserID: String, state: SubscriptionState, updatedAt: Instant) async throws

    /// Saves each as `saveSubscription` does, in a few statements for many; of two saves of one subscription,
    /// the later is kept.
    func saveSubscriptions(appID: String, _ saves: [SubscriptionSave], updatedAt: Instant) async throws

    /// Every subscription (and one-time purchase) a customer owns, sorted by key.
    func subscriptions(appID: String, appUserID: String) async throws -> [SubscriptionState]
}
