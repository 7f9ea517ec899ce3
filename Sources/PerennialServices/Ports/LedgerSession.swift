import Foundation
import PerennialCore

/// The reads and writes available inside a `Ledger` write or read. All writes are idempotent: repeating
/// one with the same input changes nothing.
public protocol LedgerSession: Sendable {
    /// Tells the other processes sharing the database, when this write commits, that customers may have
    /// changed (PostgreSQL: `NOTIFY`, delivered only on commit); nothing where no other process serves.
    func announceCustomerChange() async throws

    // MARK: Apps

    /// Inserts or updates an app's stored record.
    func saveApp(_ app: AppRecord) async throws

    /// The stored record of an app.
    func app(id: String) async throws -> AppRecord?

    /// Some stored app, if there is any (to try the master key on a database stored before the canary).
    func anyApp() async throws -> AppRecord?

    // MARK: Master key

    /// The canary sealed with the master key the database was first used with; nil before the first start.
    func masterKeyCanary() async throws -> Data?

    /// Stores the canary unless one is already stored.
    func saveMasterKeyCanary(_ sealed: Data) async throws

    // MARK: Customers

    /// The customer with this app user id, if known.
    func customer(appID: String, appUserID: String) async throws -> CustomerRecord?

    /// The customer with this app user id, created (with `createdAt`) if it does not exist yet.
    func findOrCreateCustomer(appID: String, appUserID: String, createdAt: Instant) async throws -> CustomerRecord

    /// App user ids of an app, in order, after `after` (nil: from the start), at most `limit`.
    func appUserIDs(appID: String, after: String?, limit: Int) async throws -> [String]

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

    // MARK: Identity

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

    /// Erases what identifies a customer, keeping the numbers: the customer and everything that named it
    /// (subscriptions, events, offers, the audit log's paths, other customers' transfer events) now name
    /// `pseudonym`; its attributes, store and account tokens, engagement reports and aliases are deleted.
    /// Facts and states stay, so counts and revenue do not change.
    func eraseCustomer(appID: String, appUserID: String, pseudonym: String) async throws

    // MARK: Offers

    /// Records an offer signature given to a customer.
    func recordOfferSignature(_ record: OfferSignatureRecord) async throws

    /// A customer's offer signatures, oldest first.
    func offerSignatures(appID: String, appUserID: String) async throws -> [OfferSignatureRecord]

    /// Records an offer granted to a customer by a team member.
    func recordOfferGrant(_ grant: OfferGrantRecord) async throws

    /// A customer's offer grants, oldest first.
    func offerGrants(appID: String, appUserID: String) async throws -> [OfferGrantRecord]

    /// Stores what the app reported about a customer's engagement; an older report never replaces a newer one.
    func saveEngagementSignals(appID: String, appUserID: String, _ signals: EngagementSignals) async throws

    /// The customer's latest engagement report.
    func engagementSignals(appID: String, appUserID: String) async throws -> EngagementSignals?

    // MARK: Facts

    /// Stores transactions. A transaction already stored (same store and transaction id) is replaced by
    /// `stored.merged(with: new)`, so information is only ever added.
    func saveTransactions(appID: String, _ transactions: [TransactionFact], recordedAt: Instant) async throws

    /// Stores renewal-info snapshots; a snapshot already stored (same subscription and `observedAt`) is
    /// replaced only if the new one differs.
    func saveRenewalInfos(appID: String, _ renewalInfos: [RenewalInfoFact], recordedAt: Instant) async throws

    /// Every stored transaction of one subscription, in no particular order.
    func transactions(appID: String, subscription: SubscriptionKey) async throws -> [TransactionFact]

    /// The subscriptions (and one-time purchases) the app holds transactions of, owned or not, in key order
    /// after `after` (nil: from the start), at most `limit`.
    func subscriptionKeys(appID: String, after: SubscriptionKey?, limit: Int) async throws -> [SubscriptionKey]

    /// Every stored renewal-info snapshot of one subscription, in no particular order.
    func renewalInfos(appID: String, subscription: SubscriptionKey) async throws -> [RenewalInfoFact]

    // MARK: Metric rollups

    /// The metric contributions stored for one subscription (`MetricContribution`), in order; empty when none.
    func metricContributions(appID: String, subscription: SubscriptionKey) async throws -> [MetricContribution]

    /// Stores a subscription's contributions and adds `difference` (new − stored) to the app's rollups under
    /// the subscription's environment and store, in the caller's write; when its cohort or earnings changed,
    /// its lifetime value rows and those of `owner` (its owner, as the caller knows it) follow.
    func replaceMetricContributions(
        appID: String, subscription: SubscriptionKey, environment: StoreEnvironment, owner: String?,
        contributions: [MetricContribution], difference: [MetricContribution]
    ) async throws

    /// The daily totals of the measures the query names, summed over the cells it keeps.
    func metricTotals(_ query: MetricQuery) async throws -> [MetricTotal]

    /// Recomputes the customers' lifetime value contributions (`CustomerLifetimeValue`) in every environment from
    /// the subscriptions they own now, adding the difference to the rollups: after subscriptions changed hands.
    func refreshCustomerLifetimeValues(appID: String, appUserIDs: [String]) async throws

    /// Stored customer lifetime value contributions a page at a time, in app user id order after `after`, each
    /// under the customer's first subscription (`subscription`, whose store it is filed under) with the customer
    /// as owner: the rows behind `ltv`'s customer figures.
    func customerMetricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: String?, limit: Int
    ) async throws -> [StoredMetricContributions]

    /// Stored contributions a page at a time, in key order after `after`, with each subscription's owner (nil
    /// when nobody owns it): the rows behind a figure (`?explain=true`).
    func metricContributionPage(
        appID: String, environment: StoreEnvironment, store: Store?, after: SubscriptionKey?, limit: Int
    ) async throws -> [StoredMetricContributions]

    /// Removes every rollup and stored contribution of the app and marks its metrics as being rebuilt, for
    /// `perennial replay` to fold every subscription again.
    func beginMetricRollupRebuild(appID: String) async throws

    /// Marks the app's metrics as rebuilt.
    func endMetricRollupRebuild(appID: String) async throws

    /// Whether the app's metrics are being rebuilt (or, after an upgrade, wait to be): its rollups are not
    /// whole until the replay ends.
    func isRebuildingMetricRollups(appID: String) async throws -> Bool

    // MARK: Subscriptions

    /// Blocks other transactions that lock the same subscription until this one ends.
    func lockSubscription(appID: String, subscription: SubscriptionKey) async throws

    /// The app user id that owns a subscription, if any.
    func subscriptionOwner(appID: String, subscription: SubscriptionKey) async throws -> String?

    /// The stored state of a subscription.
    func subscriptionState(appID: String, subscription: SubscriptionKey) async throws -> SubscriptionState?

    /// Inserts or replaces a subscription's state and sets its owner.
    func saveSubscription(appID: String, ownerAppUserID: String, state: SubscriptionState, updatedAt: Instant) async throws

    /// Every subscription (and one-time purchase) a customer owns, sorted by key.
    func subscriptions(appID: String, appUserID: String) async throws -> [SubscriptionState]

    // MARK: Events

    /// Appends events to a customer's history. An event already stored (same `fingerprint`) is skipped.
    func appendEvents(appID: String, appUserID: String, _ events: [LifecycleEvent], recordedAt: Instant) async throws

    /// A customer's events, oldest first by `occurredAt`, then by the order they were recorded.
    func events(appID: String, appUserID: String, limit: Int) async throws -> [StoredEvent]

    /// Every event stored for one subscription, whoever owned it when it was recorded.
    func events(appID: String, subscription: SubscriptionKey) async throws -> [StoredEvent]

    /// Removes events of a subscription that its fuller history no longer supports (facts that arrived out
    /// of order can change what an earlier transaction was). Unknown fingerprints are ignored.
    func deleteEvents(appID: String, subscription: SubscriptionKey, fingerprints: [String]) async throws

    // MARK: Outbox

    /// Adds a job to the durable job queue as part of this write (the outbox of effects): the job runner
    /// sees it only once the write commits, and never for a write that rolled back. Deduplicates as
    /// `JobQueue.enqueue` does.
    func enqueue(_ job: NewJob, createdAt: Instant) async throws

    /// Removes the waiting job holding this deduplication key, if any, as part of this write (an effect a
    /// newer decision no longer asks for). A leased or buried job is left as it is.
    func withdrawWaitingJob(deduplicationKey: String) async throws

    // MARK: Store notifications (the `NotificationInbox`'s table, inside a ledger write)

    /// Stores a notification unless one with the same app and id is already there, as
    /// `NotificationInbox.receive` does, in this write.
    func receiveNotification(_ notification: InboundNotification) async throws -> (record: InboundNotification, isNew: Bool)

    /// Whether a notification with this store id was already processed (this write's own included).
    func hasProcessedNotification(appID: String, notificationUUID: String) async throws -> Bool

    /// Records what processing a notification concluded, in this write.
    func settleNotification(appID: String, notificationID: String, outcome: InboundNotification.Outcome) async throws
}
