import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Reads purchases from the Developer API and gives their facts, each under its subscription: the first
/// purchase token of its chain. A token seen before keeps the subscription it was recorded for; a new token
/// that continues an earlier one (`linkedPurchaseToken`: an upgrade, a downgrade, a resubscribe in the app;
/// `outOfAppPurchaseContext.expiredPurchaseToken`: a resubscribe from the Play Store) joins that one's
/// subscription, and so its customer, found among the recorded tokens or, failing that, by reading the earlier purchases
/// from Google (at most `maximumChain` links back). A one-time product's purchase is its own subscription,
/// named by its token.
struct PlayPurchaseReader: Sendable {
    static let maximumChain = 16

    let ledger: any Ledger
    let clock: any Clock

    /// The facts Google gives now for `token` of `app`, under the subscription they belong to; `purchase`
    /// when the caller has just read it (it is not read again). A token seen for the first time comes with
    /// its `StoreReference`, recorded by the ingestion in the same write as the facts: reading writes
    /// nothing. Each paid period is priced from its order (`PlayOrderPrices`), read once.
    ///
    /// One ledger read finds the token's subscription and that one's recorded periods, when the token was
    /// seen before or starts its own chain; only a new token continuing another costs more (one read per
    /// link walked back, and one for the periods).
    func subscriptionFacts(
        token: String, app: AppSettings, connection: PlayAppConnection, purchase: PlaySubscriptionPurchase? = nil
    ) async throws -> FactBatch {
        let purchase = if let purchase { purchase } else { try await read(token, connection: connection) }
        let now = clock.now()
        let pricing = !PlayOrderPrices.paidOrderIDs(of: purchase).isEmpty
        let ownChain = purchase.continuedPurchaseToken == nil ? SubscriptionKey(store: .playStore, id: token) : nil
        let (known, periods) = try await ledger.read { session -> (SubscriptionKey?, [TransactionFact]?) in
            let known = try await session.subscription(appID: app.id, store: .playStore, reference: token)
            guard pricing, let subscription = known ?? ownChain else { return (known, nil) }
            return (known, try await session.transactions(appID: app.id, subscription: subscription))
        }
        let subscription = if let known { known } else {
            try await chainStart(of: token, purchase: purchase, app: app, connection: connection)
        }
        var recorded = periods ?? []
        if pricing, periods == nil {
            recorded = try await ledger.read { try await $0.transactions(appID: app.id, subscription: subscription) }
        }
        let priced = try await PlayOrderPrices().orders(for: purchase, recorded: recorded, connection: connection)
        var batch = purchase.facts(token: token, subscriptionID: subscription.id, observedAt: now, orders: priced.orders)
        for index in batch.transactions.indices where priced.alreadyPriced.contains(batch.transactions[index].transactionID) {
            // The recorded price came from the order; copies merge to the larger price, so this one adds none.
            batch.transactions[index].price = nil
            batch.transactions[index].tax = nil
        }
        if known == nil {
            batch.storeReferences = [StoreReference(subscription: subscription, reference: token)]
        }
        return batch
    }

    /// The facts Google gives now for a one-time product's purchase, with its token as the reference of the
    /// purchase (recorded by the ingestion the first time; a later record changes nothing). Reads no ledger.
    func productFacts(productID: String, token: String, app: AppSettings, connection: PlayAppConnection) async throws -> FactBatch {
        let purchase = try await readProduct(productID: productID, token: token, connection: connection)
        var batch = purchase.facts(token: token, observedAt: clock.now())
        batch.storeReferences = [StoreReference(subscription: SubscriptionKey(store: .playStore, id: token), reference: token)]
        return batch
    }

    /// What Google says now about a subscription or a one-time product's purchase Perennial knows: its
    /// newest purchase token read again (`purchases.subscriptionsv2.get`, or `purchases.products.get` for a
    /// product, told apart by the stored state).
    func currentFacts(of subscription: SubscriptionKey, app: AppSettings, connection: PlayAppConnection) async throws -> FactBatch {
        if let product = try await oneTimeProduct(of: subscription, app: app) {
            return try await productFacts(productID: product, token: subscription.id, app: app, connection: connection)
        }
        return try await subscriptionFacts(token: try await latestToken(of: subscription, app: app), app: app, connection: connection)
    }

    /// The product id when the subscription is a one-time product's purchase; nil for a subscription.
    func oneTimeProduct(of subscription: SubscriptionKey, app: AppSettings) async throws -> String? {
        let state = try await ledger.read { try await $0.subscriptionState(appID: app.id, subscription: subscription) }
        guard let state, state.productType != .autoRenewable else { return nil }
        return state.productID
    }

    /// The subscription a recorded token belongs to; nil when Perennial never read it.
    func subscription(of token: String, app: AppSettings) async throws -> SubscriptionKey? {
        try await recorded(token, app: app)
    }

    /// The newest token recorded for a subscription (its id when none was recorded).
    func latestToken(of subscription: SubscriptionKey, app: AppSettings) async throws -> String {
        try await ledger.read { session in
            try await session.latestStoreReference(appID: app.id, subscription: subscription)
        } ?? subscription.id
    }

    func read(_ token: String, connection: PlayAppConnection) async throws -> PlaySubscriptionPurchase {
        do {
            return try await connection.client.subscription(token: token).purchase
        } catch {
            throw error.perennialError
        }
    }

    func readProduct(productID: String, token: String, connection: PlayAppConnection) async throws -> PlayProductPurchase {
        do {
            return try await connection.client.product(productID: productID, token: token)
        } catch {
            throw error.perennialError
        }
    }

    /// The subscription a token not recorded yet belongs to: that of the earliest recorded token its links
    /// lead to, else the earliest token they reach.
    private func chainStart(
        of token: String, purchase: PlaySubscriptionPurchase, app: AppSettings, connection: PlayAppConnection
    ) async throws -> SubscriptionKey {
        var linked = purchase.continuedPurchaseToken
        var chain = [token]
        while let earlier = linked, chain.count <= Self.maximumChain, !chain.contains(earlier) {
            if let known = try await recorded(earlier, app: app) { return known }
            chain.append(earlier)
            // An earlier purchase Google no longer keeps (60 days after it ended) ends the walk there.
            linked = try? await connection.client.subscription(token: earlier).purchase.continuedPurchaseToken
        }
        return SubscriptionKey(store: .playStore, id: chain.last ?? token)
    }

    private func recorded(_ token: String, app: AppSettings) async throws -> SubscriptionKey? {
        try await ledger.read { session in
            try await session.subscription(appID: app.id, store: .playStore, reference: token)
        }
    }
}
