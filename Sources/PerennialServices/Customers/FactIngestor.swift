import Foundation
import PerennialCore

/// Stores the facts one input brought (and the store's names for subscriptions it met first,
/// `FactBatch.storeReferences`), folds every subscription they touch into its new state, records the
/// events the fuller history implies, and gives the subscriptions to the customer who sent them — all in
/// one ledger write, so an input that fails leaves nothing behind.
///
/// Ownership follows the app's `TransferPolicy`. By default (the App Store's restore semantics) a
/// subscription belongs to the last customer who sent proof of it: when another customer already owned it,
/// it moves, and a `transferred` event naming both is recorded on each. With `keep_with_original` the proof
/// is refused (409 `subscription_owned_by_another_customer`) and nothing changes. A store notification
/// never moves a subscription.
public struct FactIngestor: Sendable {
    let ledger: any Ledger
    let clock: any Clock

    public init(ledger: any Ledger, clock: any Clock) {
        self.ledger = ledger
        self.clock = clock
    }

    /// Ingests `batch` for `appUserID`, creating the customer if needed, and returns the customer as the
    /// write left them (their other subscriptions that time overtook are folded and stored in the same
    /// write). `token`, when given, becomes the customer's token of its store and kind, unless a later one
    /// is stored.
    @discardableResult
    public func ingest(_ batch: FactBatch, app: AppSettings, appUserID: String, token: StoreToken? = nil) async throws -> CustomerView {
        let now = clock.now()
        return try await ledger.write { ledger in
            let appUserID = try await Self.owner(appUserID, appID: app.id, in: ledger)
            let customer = try await ledger.findOrCreateCustomer(appID: app.id, appUserID: appUserID, createdAt: now)
            if let token {
                try await ledger.setStoreToken(appID: app.id, appUserID: appUserID, token)
            }
            for token in Set(batch.transactions.compactMap(\.appAccountToken)) {
                try await ledger.linkAccountToken(appID: app.id, token: token, appUserID: appUserID, linkedAt: now)
            }
            try await store(batch, app: app, owner: { _, _ in appUserID }, at: now, in: ledger)
            var states = try await ledger.subscriptions(appID: app.id, appUserID: appUserID)
            for index in states.indices where states[index].validUntil.map({ $0 <= now }) ?? false {
                states[index] = try await lockAndFold(states[index].key, app: app, owner: { _, owner in owner }, at: now, in: ledger)
                    ?? states[index]
            }
            return CustomerView(app: app, customer: customer, states: states, at: now)
        }
    }

    /// Ingests facts that arrived without a customer (a store notification): each subscription is updated
    /// for the customer who owns it, else for the customer the store names (`FactBatch.ownerClaims`, created
    /// when new), else for the customer its app account token was linked to (a StoreKit 2 app that set
    /// `appAccountToken`, or whose app user id is that token); an alias always resolves to its customer. The
    /// facts of a subscription no customer can be found for are stored, and folded when a customer first sends
    /// proof of it.
    public func ingestForOwners(_ batch: FactBatch, app: AppSettings) async throws {
        try await ledger.write { ledger in try await ingestForOwners(batch, app: app, in: ledger) }
    }

    /// `ingestForOwners(_:app:)` inside the caller's ledger write (a store notification's, which stores and
    /// settles the notification in the same write).
    public func ingestForOwners(_ batch: FactBatch, app: AppSettings, in ledger: any LedgerSession) async throws {
        let now = clock.now()
        try await store(batch, app: app, owner: { key, currentOwner in
            if let currentOwner { return currentOwner }
            if let claim = batch.ownerClaims.first(where: { $0.subscription == key }),
               (try? AppUserIDRule.validated(claim.appUserID)) != nil {
                let owner = try await Self.owner(claim.appUserID, appID: app.id, in: ledger)
                _ = try await ledger.findOrCreateCustomer(appID: app.id, appUserID: owner, createdAt: now)
                return owner
            }
            let tokens = Set(batch.transactions.filter { $0.subscriptionKey == key }.compactMap(\.appAccountToken))
            for token in tokens.sorted() {
                if let linked = try await ledger.appUserID(appID: app.id, accountToken: token) {
                    return try await Self.owner(linked, appID: app.id, in: ledger)
                }
                if try await ledger.customer(appID: app.id, appUserID: token) != nil {
                    return try await Self.owner(token, appID: app.id, in: ledger)
                }
            }
            return nil
        }, at: now, in: ledger)
    }

    /// The customer a subscription given to `appUserID` goes to: the one it was merged into when it is an
    /// alias. The id is locked (shared) first, so a login merging it away waits for this write, or this
    /// write for the login, and then sees the alias.
    static func owner(_ appUserID: String, appID: String, in ledger: any LedgerSession) async throws -> String {
        try await ledger.lockCustomer(appID: appID, appUserID: appUserID, exclusive: false)
        return try await ledger.aliasTarget(appID: appID, alias: appUserID) ?? appUserID
    }

    private func store(
        _ batch: FactBatch, app: AppSettings, owner: (SubscriptionKey, _ currentOwner: String?) async throws -> String?, at now: Instant,
        in ledger: any LedgerSession
    ) async throws {
        for reference in batch.storeReferences {
            try await ledger.recordStoreReference(
                appID: app.id, subscription: reference.subscription, reference: reference.reference, recordedAt: now
            )
        }
        try await ledger.saveFacts(appID: app.id, transactions: batch.transactions, renewalInfos: batch.renewalInfos, recordedAt: now)
        for key in batch.subscriptionKeys {
            try await lockAndFold(key, app: app, owner: owner, at: now, in: ledger)
        }
    }

    /// `fold` with the subscription locked and its inputs read first (one statement each).
    @discardableResult
    private func lockAndFold(
        _ key: SubscriptionKey, app: AppSettings, owner: (SubscriptionKey, _ currentOwner: String?) async throws -> String?,
        at now: Instant, in ledger: any LedgerSession
    ) async throws -> SubscriptionState? {
        try await ledger.lockSubscription(appID: app.id, subscription: key)
        let inputs = try await ledger.foldInputs(appID: app.id, keys: [key])[key] ?? SubscriptionFoldInputs()
        return try await fold(key, app: app, owner: owner, at: now, in: ledger, inputs: inputs)
    }

    /// Folds one subscription's stored facts and writes what the decision requires: its state, the events
    /// its history gained or lost, and its effects (the outbox), all in the caller's write. Returns the
    /// state written; nil when the subscription has no owner or no transaction. `inputs`: what the fold reads
    /// (`foldInputs`), read with the subscription locked. With `pending`, the state, the metric contributions
    /// and the effects' jobs are kept there for the caller to send (only where the owner stays the stored
    /// one: `refold(page:)`).
    @discardableResult
    private func fold(
        _ key: SubscriptionKey, app: AppSettings, owner: (SubscriptionKey, _ currentOwner: String?) async throws -> String?,
        at now: Instant, in ledger: any LedgerSession, inputs: SubscriptionFoldInputs, pending: PendingFoldWrites? = nil
    ) async throws -> SubscriptionState? {
        let currentOwner = inputs.owner
        guard let appUserID = try await owner(key, currentOwner) else { return nil }
        let transactions = inputs.transactions, renewals = inputs.renewalInfos, standing = inputs.events.map(\.event)
        guard let decision = SubscriptionDecider(catalog: app.catalog)
            .decide(transactions: transactions, renewalInfos: renewals, recorded: standing, at: now)
        else { return nil }
        var recorded: [StoredEvent] = []
        if let previous = currentOwner, previous != appUserID {
            guard app.transferPolicy == .transfer else {
                throw PerennialError(.subscriptionOwnedByAnotherCustomer,
                    "another customer of this app owns this subscription, and the app's transfer_policy keeps it with them")
            }
            recorded += try await recordTransfer(of: decision.state, from: previous, to: appUserID, app: app, at: now, in: ledger)
        }
        if !decision.retractedEventFingerprints.isEmpty {
            recorded += try await retract(decision.retractedEventFingerprints, of: key, owner: appUserID, app: app, at: now, in: ledger)
        }
        if !decision.newEvents.isEmpty {
            recorded += try await ledger.appendEvents(appID: app.id, appUserID: appUserID, decision.newEvents, recordedAt: now)
        }
        if let pending {
            let contributions = MetricRollups.replacement(
                key, environment: decision.state.environment, owner: appUserID, transactions: transactions, renewalInfos: renewals, app: app,
                at: now, stored: inputs.contributions)
            try pending.add(owner: appUserID, state: decision.state, contributions: contributions, effects: decision.effects, appID: app.id, at: now)
        } else {
            try await ledger.saveSubscription(appID: app.id, ownerAppUserID: appUserID, state: decision.state, updatedAt: now)
            try await MetricRollups.update(
                key, environment: decision.state.environment, owner: appUserID, transactions: transactions, renewalInfos: renewals, app: app,
                at: now, stored: inputs.contributions, in: ledger)
        }
        if let previous = currentOwner, previous != appUserID {
            // Lifetime value per customer follows the subscription to its new owner.
            try await ledger.refreshCustomerLifetimeValues(appID: app.id, appUserIDs: [previous, appUserID])
        }
        if pending == nil { try await EffectOutbox.persist(decision.effects, of: key, appID: app.id, at: now, in: ledger) }
        let price = transactions.first { $0.transactionID.isExactly(decision.state.latestTransactionID) }?.price
        try await WebhookOutbox.record(
            recorded, app: app, subscriptions: [decision.state], prices: price.map { [key: $0] } ?? [:], at: now, in: ledger)
        return decision.state
    }

    /// Folds subscriptions again from their stored facts at `now`, for the customers who own them, in one
    /// write (the job that `SubscriptionEffect.checkStatus` schedules; a read that finds states time has
    /// overtook). Returns each one's state as written, nil for one nobody owns.
    @discardableResult
    public func refold(_ keys: [SubscriptionKey], app: AppSettings, at now: Instant) async throws -> [SubscriptionState?] {
        try await ledger.write { ledger in try await refold(page: keys, app: app, at: now, in: ledger).map(\.after) }
    }

    /// Folds a page of subscriptions again at `now`, for their current owners, inside the caller's write:
    /// all of them locked by one statement and read by a few (`foldInputs`), then each decided and written,
    /// their states, contributions and jobs in a few statements at the end (`PendingFoldWrites`). Returns each one's state
    /// before and after; after is nil for one nobody owns.
    func refold(
        page keys: [SubscriptionKey], app: AppSettings, at now: Instant, in ledger: any LedgerSession
    ) async throws -> [(before: SubscriptionState?, after: SubscriptionState?)] {
        try await ledger.lockSubscriptions(appID: app.id, keys)
        let inputs = try await ledger.foldInputs(appID: app.id, keys: keys)
        var states: [(before: SubscriptionState?, after: SubscriptionState?)] = []
        var folded = Set<SubscriptionKey>()
        let pending = PendingFoldWrites()
        for key in keys {
            // A key given again is read again, once what its first fold wrote is sent.
            let first = folded.insert(key).inserted
            if !first { try await pending.send(appID: app.id, at: now, in: ledger) }
            let read = first
                ? inputs[key] ?? SubscriptionFoldInputs()
                : try await ledger.foldInputs(appID: app.id, keys: [key])[key] ?? SubscriptionFoldInputs()
            let after = try await fold(
                key, app: app, owner: { _, currentOwner in currentOwner }, at: now, in: ledger, inputs: read, pending: pending)
            states.append((read.state, after))
        }
        try await pending.send(appID: app.id, at: now, in: ledger)
        return states
    }

    private func recordTransfer(
        of state: SubscriptionState, from previousOwner: String, to newOwner: String, app: AppSettings, at now: Instant,
        in ledger: any LedgerSession
    ) async throws -> [StoredEvent] {
        var recorded: [StoredEvent] = []
        // In id order, as every write that appends for two customers does: appending locks the customer's
        // row until commit, and two opposite transfers must not take the two locks in opposite orders.
        let sides = [(previousOwner, "out"), (newOwner, "in")].sorted { ExactString($0.0) < ExactString($1.0) }
        for (owner, direction) in sides {
            let event = LifecycleEvent(
                kind: .transferred, subscription: state.key, productID: state.productID, occurredAt: now,
                details: ["from_app_user_id": previousOwner, "to_app_user_id": newOwner, "direction": direction]
            )
            recorded += try await ledger.appendEvents(appID: app.id, appUserID: owner, [event], recordedAt: now)
        }
        return recorded
    }

    /// Marks events the fuller history no longer supports retracted and records an `event_retracted` event
    /// for each, on the subscription's owner, naming the event it retracts; returns the retractions.
    private func retract(
        _ fingerprints: [String], of key: SubscriptionKey, owner: String, app: AppSettings, at now: Instant,
        in ledger: any LedgerSession
    ) async throws -> [StoredEvent] {
        let retracted = try await ledger.retractEvents(appID: app.id, subscription: key, fingerprints: fingerprints, at: now)
        let retractions = retracted.map {
            LifecycleEvent(
                kind: .eventRetracted, subscription: key, productID: $0.event.productID, occurredAt: now,
                details: ["retracted_event_id": $0.publicID, "retracted_kind": $0.event.kind.rawValue])
        }
        return try await ledger.appendEvents(appID: app.id, appUserID: owner, retractions, recordedAt: now)
    }
}
