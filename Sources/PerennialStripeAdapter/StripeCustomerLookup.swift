import PerennialCore
import PerennialServices
import PerennialStripe

/// The Stripe customer (`cus_…`) of an app user: read from the newest Stripe subscription the customer
/// owns in Perennial, through the API (the subscription names its customer). Nothing new is stored: a
/// Stripe subscription is in the ledger once any of its facts were ingested for the customer.
struct StripeCustomerLookup: Sendable {
    let ledger: any Ledger

    /// The Stripe customer id; nil when the app user owns no Stripe subscription.
    func customerID(app: AppSettings, appUserID: String, client: StripeAPIClient) async throws -> String? {
        let states = try await subscriptions(app: app, appUserID: appUserID)
        let newest = states.filter { $0.key.store == .stripe }.max {
            ($0.latestPurchasedAt, $0.key.id) < ($1.latestPurchasedAt, $1.key.id)
        }
        guard let newest else { return nil }
        let subscription = try await callingStripe { () async throws(StripeAPIError) in try await client.subscription(newest.key.id) }
        return subscription.customer?.id
    }

    /// Whether the app user may start `product` with a free trial: none of their subscriptions, on any
    /// store, in the product's group (or of the product itself, when it has no group) had a trial or an
    /// introductory period.
    func isEligibleForTrial(app: AppSettings, appUserID: String, product: Product) async throws -> Bool {
        let states = try await subscriptions(app: app, appUserID: appUserID)
        guard let group = product.subscriptionGroup else {
            return !states.contains { $0.productID == product.id && $0.hasUsedIntroductoryOffer }
        }
        return OfferEligibility(catalog: app.catalog).isEligibleForIntroductoryOffer(group: group, states: states)
    }

    /// Every subscription of the customer an app user id names (an alias stands for its customer).
    private func subscriptions(app: AppSettings, appUserID: String) async throws -> [SubscriptionState] {
        let appID = app.id
        return try await ledger.read { session in
            let owner = try await session.aliasTarget(appID: appID, alias: appUserID) ?? appUserID
            return try await session.subscriptions(appID: appID, appUserID: owner)
        }
    }
}
