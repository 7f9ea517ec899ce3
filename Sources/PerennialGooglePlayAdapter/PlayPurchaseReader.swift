import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Reads purchases from the Developer API and gives their facts, each under its subscription: the first
/// purchase token of its chain. A token seen before keeps the subscription it was recorded for; a new token
/// that continues an earlier one (`linkedPurchaseToken`: an upgrade, a downgrade, a resubscribe in the app;
/// `outOfAppPurchaseContext.expiredPurchaseToken`: a resubscribe from the Play Store) joins that one's
/// subscription, and so its customer, found among the recorded tokens or, failing that, by reading the earlier purchases
/// from Google (at most `maximumChain` links back).
struct PlayPurchaseReader: Sendable {
    static let maximumChain = 16

    let ledger: any Ledger
    let clock: any Clock

    /// The facts Google gives now for `token` of `app`, under the subscription they belong to; `purchase`
    /// when the caller has just read it (it is not read again). A token seen for the first time is recorded.
    func subscriptionFacts(
        token: String, app: AppSettings, connection: PlayAppConnection, purchase: PlaySubscriptionPurchase? = nil
    ) async throws -> FactBatch {
        let purchase = if let purchase { purchase } else { try await read(token, connection: connection) }
        let now = clock.now()
        let subscription: SubscriptionKey
        if let known = try await recorded(token, app: app) {
            subscription = known
        } else {
            subscription = try await chainStart(of: token, purchase: purchase, app: app, connection: connection)
            try await ledger.write { session in
                try await session.recordStoreReference(appID: app.id, subscription: subscription, reference: token, recordedAt: now)
            }
        }
        return purchase.facts(token: token, subscriptionID: subscription.id, observedAt: now)
    }

    /// The newest token recorded for a subscription (its id when none was recorded).
    func latestToken(of subscription: SubscriptionKey, app: AppSettings) async throws -> String {
        try await ledger.read { session in
            try await session.latestStoreReference(appID: app.id, subscription: subscription)
        } ?? subscription.id
    }

    /// Whether Perennial has recorded the token (it read the purchase before).
    func isKnown(_ token: String, app: AppSettings) async throws -> Bool {
        try await recorded(token, app: app) != nil
    }

    func read(_ token: String, connection: PlayAppConnection) async throws -> PlaySubscriptionPurchase {
        do {
            return try await connection.client.subscription(token: token).purchase
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
