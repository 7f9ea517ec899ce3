import Foundation
import PerennialCore

/// Who a customer is: locks, aliases and merges, attributes, erasure. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol IdentityRecords: Sendable {
    /// Blocks other writes that lock the same customer until this one ends: exclusively (a login merging
    /// it, an erasure), or shared (a write giving it a subscription), so a subscription is never given to an
    /// id while that id is being merged away. A no-op where one write runs at a time (SQLite).
    func lockCustomer(appID: String, appUserID: String, exclusive: Bool) async throws

    /// The customer an alias resolves to (the id it was merged into); nil when the id is no alias.
    func aliasTarget(appID: String, alias: String) async throws -> String?

    /// The aliases that resolve to a customer, sorted.
    func aliases(appID: String, appUserID: String) async throws -> [String]

    /// Merges the customer `alias` into `appUserID` (created when absent, keeping the earlier first-seen
    /// instant): its subscriptions, events, store and account tokens, offers and engagement move to it
    /// (of two tokens of the same store and kind, or two engagement reports, the newer stays), aliases of
    /// `alias` now resolve to `appUserID`, `alias` becomes one too, and its customer record is removed.
    /// Attributes are the caller's to merge first. Returns the subscriptions that moved, sorted.
    func mergeCustomer(appID: String, alias: String, into appUserID: String, at now: Instant) async throws -> [SubscriptionKey]

    /// The customer's attributes, sealed; nil when none were ever set (or they were erased).
    func customerAttributes(appID: String, appUserID: String) async throws -> SealedAttributes?

    /// Replaces the customer's attributes (creating the customer when absent, first seen at `updatedAt`).
    func saveCustomerAttributes(appID: String, appUserID: String, _ attributes: SealedAttributes) async throws

    /// The customers whose `$email` digest is one of `lookups`, by app user id, at most `limit`.
    func customers(appID: String, emailLookups: [String], limit: Int) async throws -> [String]

    /// Customers with attributes whose email digest is not known (saved before it was kept, or reset by a
    /// key rotation), at most `limit`.
    func customersWithoutEmailLookup(appID: String, limit: Int) async throws -> [(appUserID: String, attributes: SealedAttributes)]

    /// Records a customer's email digest ("" for none).
    func setEmailLookup(appID: String, appUserID: String, _ lookup: String) async throws

    /// Erases what identifies a customer, keeping the numbers: the customer and everything that named it
    /// (subscriptions, events, offers, the audit log's paths, other customers' transfer events) now name
    /// `pseudonym`; its attributes, store and account tokens, engagement reports and aliases are deleted.
    /// Facts and states stay, so counts and revenue do not change.
    func eraseCustomer(appID: String, appUserID: String, pseudonym: String) async throws
}
