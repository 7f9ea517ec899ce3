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
    public func customer(app: AppSettings, appUserID: String) async throws -> CustomerView? {
        let now = clock.now()
        let engine = SubscriptionEngine(catalog: app.catalog)
        return try await ledger.read { ledger in
            guard let customer = try await ledger.customer(appID: app.id, appUserID: appUserID) else { return nil }
            var states: [SubscriptionState] = []
            for stored in try await ledger.subscriptions(appID: app.id, appUserID: appUserID) {
                guard let validUntil = stored.validUntil, validUntil <= now else {
                    states.append(stored)
                    continue
                }
                let transactions = try await ledger.transactions(appID: app.id, subscription: stored.key)
                let renewals = try await ledger.renewalInfos(appID: app.id, subscription: stored.key)
                states.append(engine.state(transactions: transactions, renewalInfos: renewals, at: now) ?? stored)
            }
            return CustomerView(
                appID: app.id, appUserID: appUserID, firstSeenAt: customer.createdAt, requestedAt: now,
                entitlements: EntitlementResolver(catalog: app.catalog).entitlements(from: states), subscriptions: states
            )
        }
    }

    /// The customer's events, oldest first.
    public func events(app: AppSettings, appUserID: String, limit: Int = 500) async throws -> [StoredEvent]? {
        try await ledger.read { ledger in
            guard try await ledger.customer(appID: app.id, appUserID: appUserID) != nil else { return nil }
            return try await ledger.events(appID: app.id, appUserID: appUserID, limit: limit)
        }
    }
}
