import PerennialAdyen
import PerennialCore
import PerennialOutbound
import PerennialServices

/// Starts a web purchase through Adyen: a Checkout session (`POST /sessions`) for the first period of one
/// of the app's Adyen products, which the shopper pays on Adyen's Drop-in with strong customer
/// authentication, storing their card for the renewals Perennial will charge. Perennial names the
/// subscription first (`<product>~<random>`, the session's shopper reference and the root of its merchant
/// reference) and links it to the app user (created if new), so the authorisation webhook that follows finds its customer.
/// Nothing is granted here: access comes with that webhook.
public struct AdyenCheckoutService: Sendable {
    let connections: [String: AdyenConnection]
    let ledger: any Ledger
    let clock: any Clock

    public init(connections: [String: AdyenConnection], ledger: any Ledger, clock: any Clock) {
        self.connections = connections
        self.ledger = ledger
        self.clock = clock
    }

    /// A new session for `appUserID` buying `productID`, and the subscription it starts.
    public func createSession(app: AppSettings, appUserID: String, productID: String) async throws -> (subscriptionID: String, session: AdyenSessionResult) {
        try AppUserIDRule.validated(appUserID)
        guard let connection = connections[app.id] else { throw PerennialError(.adyenNotConfigured, "app \(app.id) has no adyen settings") }
        guard let product = app.catalog.product(productID, store: .adyen), product.type == .autoRenewable else {
            throw PerennialError(.productNotFound, "the catalog has no Adyen subscription product with this id")
        }
        guard let plan = connection.settings.plans[product.id] else {
            throw PerennialError(.adyenNotConfigured, "the app's adyen plans name no price and period for this product")
        }
        let subscriptionID = AdyenSubscriptionID.make(productID: product.id)
        let now = clock.now()
        try await ledger.write { ledger in
            let customer = try await ledger.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            _ = try await ledger.findOrCreateCustomer(appID: app.id, appUserID: customer, createdAt: now)
            try await ledger.linkAccountToken(appID: app.id, token: subscriptionID, appUserID: customer, linkedAt: now)
        }
        let first = AdyenRenewalReference(subscriptionID: subscriptionID, period: 0)
        let request = AdyenCheckoutSession(
            merchantAccount: connection.settings.merchantAccount, amount: plan.price, renewal: first, returnURL: connection.settings.returnURL,
            shopperReference: subscriptionID)
        let client = connection.client
        let session = try await callingAdyen { () async throws(StoreAPIError) in try await client.session(request, renewal: first) }
        return (subscriptionID, session)
    }
}
