import Foundation
import PerennialCore

/// The lifecycle events, per customer and subscription, and the app's feed of them in commit order. A
/// role of `LedgerSession`: every write is idempotent, and runs inside the caller's `Ledger` write or read.
///
/// Nothing is ever deleted: an event a fuller history no longer supports is marked retracted and an
/// `event_retracted` event records it, so what was sent can always be explained.
public protocol EventLog: Sendable {
    /// Appends events to a customer's history, numbered in the customer's sequence, and returns the ones
    /// stored now. An event already standing (same `fingerprint`) is skipped.
    @discardableResult
    func appendEvents(appID: String, appUserID: String, _ events: [LifecycleEvent], recordedAt: Instant) async throws -> [StoredEvent]

    /// A customer's standing events (neither retracted nor retractions), oldest first by `occurredAt`,
    /// then by the order they were recorded.
    func events(appID: String, appUserID: String, limit: Int) async throws -> [StoredEvent]

    /// Every standing event stored for one subscription (neither retracted nor a retraction), whoever owned
    /// it when it was recorded.
    func events(appID: String, subscription: SubscriptionKey) async throws -> [StoredEvent]

    /// Marks the standing events of a subscription with these fingerprints retracted at `at` and returns
    /// them as they were; unknown fingerprints are ignored. The caller records the retractions.
    func retractEvents(appID: String, subscription: SubscriptionKey, fingerprints: [String], at: Instant) async throws -> [StoredEvent]

    /// The app's events after feed position `after` (0: from the start), in feed order, at most `limit`:
    /// every event ever recorded, retracted ones and retractions included, each exactly once across pages.
    func eventFeed(appID: String, after: Int64, limit: Int) async throws -> [StoredEvent]
}
