import PerennialCore

/// Answers "what does this customer have now" from the read model. A state that time has overtaken since
/// it was stored (its `validUntil` has passed, and its `subscription.check` job has not run yet) is folded
/// once and stored, with its events and effects, before the answer.
///
/// With a `cache` (whose invalidations the ledger's writes make: `CacheInvalidatingLedger`), a customer read
/// before and still exact is answered from memory.
public struct CustomerService: Sendable {
    let ledger: any Ledger
    let clock: any Clock
    let cache: CustomerViewCache?

    /// Counts the cache's hits and misses.
    let telemetry: Telemetry

    public init(ledger: any Ledger, clock: any Clock, cache: CustomerViewCache? = nil, telemetry: Telemetry = .off) {
        self.telemetry = telemetry
        self.ledger = ledger
        self.clock = clock
        self.cache = cache
    }

    /// The customer's view now, or nil if Perennial has never seen them.
    ///
    /// One read gives the customer and its stored states; only states whose `validUntil` has passed are
    /// folded again, in one write that stores them. An alias answers with the customer it resolves to
    /// (whose `appUserID` the view carries).
    public func customer(app: AppSettings, appUserID: String) async throws -> CustomerView? {
        let now = clock.now()
        if let cache {
            let cached = cache.snapshot(appID: app.id, appUserID: appUserID, at: now)
            telemetry.customerCacheLookup(hit: cached != nil)
            if let cached { return CustomerView(app: app, customer: cached.customer, states: cached.subscriptions, at: now) }
        }
        let generation = cache?.generation
        guard let snapshot = try await ledger.customerWithSubscriptions(appID: app.id, appUserID: appUserID) else {
            // No customer has this id: it may be an alias (an anonymous id that logged in).
            let target = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
            return target.isExactly(appUserID) ? nil : try await customer(app: app, appUserID: target)
        }
        var states = snapshot.subscriptions
        let outdated = states.indices.filter { index in states[index].validUntil.map { $0 <= now } ?? false }
        if !outdated.isEmpty {
            let refolded = try await FactIngestor(ledger: ledger, clock: clock)
                .refold(outdated.map { states[$0].key }, app: app, at: now)
            for (index, state) in zip(outdated, refolded) {
                if let state { states[index] = state }
            }
        } else if let cache, let generation {
            cache.keep(snapshot, appID: app.id, readAt: generation)
        }
        return CustomerView(app: app, customer: snapshot.customer, states: states, at: now)
    }

    /// The customer's events, oldest first (an alias's are its customer's).
    public func events(app: AppSettings, appUserID: String, limit: Int = 500) async throws -> [StoredEvent]? {
        try await ledger.read { ledger in
            let appUserID = try await ledger.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            guard try await ledger.customer(appID: app.id, appUserID: appUserID) != nil else { return nil }
            return try await ledger.events(appID: app.id, appUserID: appUserID, limit: limit)
        }
    }
}
