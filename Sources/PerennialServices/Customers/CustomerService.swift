import PerennialCore

/// Answers "what does this customer have now" from the read model, folding facts again only for states
/// that time has overtaken since they were stored.
public struct CustomerService: Sendable {
    let ledger: any Ledger
    let clock: any Clock

    public init(ledger: any Ledger, clock: any Clock) {
        self.ledger = ledger
        self.clock = clock
    }

    /// The customer's view now, or nil if Perennial has never seen them.
    ///
    /// One read gives the customer and its stored states; only states whose `validUntil` has passed have
    /// their facts read (in one read transaction) and folded again.
    public func customer(app: AppSettings, appUserID: String) async throws -> CustomerView? {
        let now = clock.now()
        guard let snapshot = try await ledger.customerWithSubscriptions(appID: app.id, appUserID: appUserID) else {
            return nil
        }
        var states = snapshot.subscriptions
        let outdated = states.indices.filter { index in states[index].validUntil.map { $0 <= now } ?? false }
        if !outdated.isEmpty {
            let engine = SubscriptionEngine(catalog: app.catalog)
            let keys = outdated.map { states[$0].key }
            let refolded = try await ledger.read { ledger in
                var refolded: [SubscriptionState?] = []
                for key in keys {
                    let transactions = try await ledger.transactions(appID: app.id, subscription: key)
                    let renewals = try await ledger.renewalInfos(appID: app.id, subscription: key)
                    refolded.append(engine.state(transactions: transactions, renewalInfos: renewals, at: now))
                }
                return refolded
            }
            for (index, state) in zip(outdated, refolded) {
                if let state { states[index] = state }
            }
        }
        return CustomerView(
            appID: app.id, appUserID: appUserID, firstSeenAt: snapshot.customer.createdAt, requestedAt: now,
            entitlements: EntitlementResolver(catalog: app.catalog).entitlements(from: states), subscriptions: states
        )
    }

    /// The customer's events, oldest first.
    public func events(app: AppSettings, appUserID: String, limit: Int = 500) async throws -> [StoredEvent]? {
        try await ledger.read { ledger in
            guard try await ledger.customer(appID: app.id, appUserID: appUserID) != nil else { return nil }
            return try await ledger.events(appID: app.id, appUserID: appUserID, limit: limit)
        }
    }
}
