import Foundation
import PerennialCore

/// What Perennial knows about one customer at an instant: the entitlements they have and every purchase.
public struct CustomerView: Sendable, Hashable {
    public var appID: String
    public var appUserID: String
    public var firstSeenAt: Instant
    /// The instant the view describes.
    public var requestedAt: Instant
    public var entitlements: [Entitlement]
    /// Every subscription and one-time purchase, sorted by key.
    public var subscriptions: [SubscriptionState]
    /// Where the customer manages each subscription in its store, when the store has such a page.
    public var managementURLs: [SubscriptionKey: String] = [:]

    public init(
        appID: String, appUserID: String, firstSeenAt: Instant, requestedAt: Instant, entitlements: [Entitlement],
        subscriptions: [SubscriptionState]
    ) {
        self.appID = appID
        self.appUserID = appUserID
        self.firstSeenAt = firstSeenAt
        self.requestedAt = requestedAt
        self.entitlements = entitlements
        self.subscriptions = subscriptions
    }
}

extension CustomerView {
    /// The view of a stored customer with these states at `now`, their entitlements resolved by the app's
    /// catalog.
    init(app: AppSettings, customer: CustomerRecord, states: [SubscriptionState], at now: Instant) {
        self.init(
            appID: app.id, appUserID: customer.appUserID, firstSeenAt: customer.createdAt, requestedAt: now,
            entitlements: EntitlementResolver(catalog: app.catalog).entitlements(from: states), subscriptions: states
        )
        guard !app.managementURLTemplates.isEmpty else { return }
        for state in states where state.productType == .autoRenewable {
            guard let template = app.managementURLTemplates[state.key.store] else { continue }
            let product = state.productID.addingPercentEncoding(withAllowedCharacters: Self.queryValueCharacters) ?? state.productID
            managementURLs[state.key] = template.replacingOccurrences(of: "{product_id}", with: product)
        }
    }

    /// What a query value keeps unencoded: RFC 3986's unreserved characters.
    private static let queryValueCharacters = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
