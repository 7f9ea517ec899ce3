import PerennialCore
import PerennialServices

/// A customer as RevenueCat's subscriber object, in the shape its SDKs decode (the CustomerInfo rules
/// of `docs/revenuecat.md`): every field they require present, `null` written out, dates without fractions.
///
/// Auto-renewable subscriptions go in `subscriptions`, keyed by product id (Google Play's subscription id,
/// its base plan in `product_plan_identifier`); everything else in `non_subscriptions`. When one product was
/// bought more than once, the purchase that grants access (else the latest) stands for it. Entitlements come
/// from the catalog: the ones the customer has now, and the ones their past purchases had (expired), because
/// the SDKs tell `isActive` from `expires_date` themselves; a purchase that no longer grants access therefore
/// never shows an expiry after the request.
struct RevenueCatSubscriber {
    let app: AppSettings
    let view: CustomerView
    let platform: RevenueCatPlatform?

    func subscriber(attributes: CustomerAttributes?) -> RevenueCatJSON {
        let subscriptions = representatives(view.subscriptions.filter { $0.productType == .autoRenewable })
        let others = view.subscriptions.filter { $0.productType != .autoRenewable && $0.revokedAt == nil }
        var members: [(String, RevenueCatJSON)] = [
            ("entitlements", .object(entitlements(subscriptions: subscriptions, others: others))),
            ("first_seen", .string(RevenueCatDate.text(view.firstSeenAt))),
            ("management_url", .optional(managementURL(subscriptions))),
            ("non_subscriptions", .object(nonSubscriptions(others))),
            ("original_app_user_id", .string(view.appUserID)),
            ("original_application_version", .null),
            ("original_purchase_date", .null),
            ("other_purchases", .object([])),
            ("subscriptions", .object(subscriptions.map { ($0.productID, subscription($0)) })),
        ]
        if let attributes {
            members.append(("subscriber_attributes", RevenueCatAttributes.json(attributes, at: view.requestedAt)))
        }
        return .object(members)
    }

    /// One state per product: the one granting access, else the latest bought; sorted by product id.
    private func representatives(_ states: [SubscriptionState]) -> [SubscriptionState] {
        let byProduct = Dictionary(grouping: states, by: \.productID).mapValues { states in
            states.max { lhs, rhs in
                (lhs.grantsAccess ? 1 : 0, lhs.latestPurchasedAt) < (rhs.grantsAccess ? 1 : 0, rhs.latestPurchasedAt)
            }!
        }
        return byProduct.keys.sorted().map { byProduct[$0]! }
    }

    private func subscription(_ state: SubscriptionState) -> RevenueCatJSON {
        .object([
            ("auto_resume_date", RevenueCatDate.json(state.resumesAt)),
            ("billing_issues_detected_at", RevenueCatDate.json(state.billingIssueDetectedAt)),
            ("display_name", .null),
            ("expires_date", RevenueCatDate.json(expiry(of: state))),
            ("grace_period_expires_date", RevenueCatDate.json(state.gracePeriodExpiresAt)),
            ("is_sandbox", .bool(state.environment != .production)),
            ("management_url", .optional(view.managementURLs[state.key])),
            ("original_purchase_date", .string(RevenueCatDate.text(state.originalPurchasedAt))),
            ("ownership_type", .string(state.ownership == .familyShared ? "FAMILY_SHARED" : "PURCHASED")),
            ("period_type", .string(state.periodType.rawValue)),
            ("product_plan_identifier", .optional(basePlan(of: state))),
            ("purchase_date", .string(RevenueCatDate.text(state.latestPurchasedAt))),
            ("refunded_at", RevenueCatDate.json(state.revokedAt)),
            ("store", .string(Self.storeName(state.key.store))),
            ("store_transaction_id", .string(state.latestTransactionID)),
            ("unsubscribe_detected_at", RevenueCatDate.json(state.willRenew ? nil : state.renewalInfoObservedAt ?? state.latestPurchasedAt)),
        ])
    }

    private func nonSubscriptions(_ states: [SubscriptionState]) -> [(String, RevenueCatJSON)] {
        let byProduct = Dictionary(grouping: states, by: \.productID)
        return byProduct.keys.sorted().map { productID in
            let purchases = byProduct[productID]!.sorted { $0.latestPurchasedAt < $1.latestPurchasedAt }
            return (productID, .array(purchases.map { state in
                .object([
                    ("display_name", .null),
                    ("id", .string(state.key.id)),
                    ("is_sandbox", .bool(state.environment != .production)),
                    ("original_purchase_date", .string(RevenueCatDate.text(state.originalPurchasedAt))),
                    ("purchase_date", .string(RevenueCatDate.text(state.latestPurchasedAt))),
                    ("store", .string(Self.storeName(state.key.store))),
                    ("store_transaction_id", .string(state.latestTransactionID)),
                ])
            }))
        }
    }

    /// Every entitlement of the catalog the customer's purchases carry: the granting purchase's for those
    /// they have now, the latest ended purchase's for the rest.
    private func entitlements(subscriptions: [SubscriptionState], others: [SubscriptionState]) -> [(String, RevenueCatJSON)] {
        let shown = Dictionary((subscriptions + others).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var chosen: [String: (state: SubscriptionState, expiresAt: Instant?)] = [:]
        for entitlement in view.entitlements {
            // The granting purchase, or the one shown for its product when another purchase of it stands for it.
            guard let state = shown[entitlement.subscription] ?? (subscriptions + others).first(where: { $0.productID == entitlement.productID })
            else { continue }
            chosen[entitlement.identifier] = (state, entitlement.expiresAt)
        }
        let current = Set(chosen.keys)
        for state in subscriptions + others where !state.grantsAccess {
            let product = app.catalog.product(state.productID, store: state.key.store) ?? app.catalog.product(state.productID)
            for identifier in product?.entitlements ?? [] where !current.contains(identifier) {
                let expiresAt = expiry(of: state)
                if let earlier = chosen[identifier], (earlier.expiresAt?.milliseconds ?? .max) >= (expiresAt?.milliseconds ?? .max) {
                    continue
                }
                chosen[identifier] = (state, expiresAt)
            }
        }
        return chosen.keys.sorted().map { identifier in
            let (state, expiresAt) = chosen[identifier]!
            return (identifier, .object([
                ("expires_date", RevenueCatDate.json(expiresAt)),
                ("grace_period_expires_date", RevenueCatDate.json(state.gracePeriodExpiresAt)),
                ("product_identifier", .string(state.productID)),
                ("product_plan_identifier", .optional(basePlan(of: state))),
                ("purchase_date", .string(RevenueCatDate.text(state.latestPurchasedAt))),
            ]))
        }
    }

    /// When the SDK should see access end: the store's expiry (or the grace period's end) while the purchase
    /// grants access; once it does not, never later than the refund, and before the request.
    private func expiry(of state: SubscriptionState) -> Instant? {
        if state.grantsAccess {
            guard let expiresAt = state.expiresAt else { return nil }
            return max(expiresAt, state.gracePeriodExpiresAt ?? expiresAt)
        }
        // The SDKs count an expiry equal to the request date as active: a second before it at the latest.
        let ended = state.revokedAt ?? state.expiresAt ?? view.requestedAt
        return min(ended, Instant(milliseconds: view.requestedAt.milliseconds - 1000))
    }

    /// Google Play's base plan when the catalog names exactly one for the product.
    private func basePlan(of state: SubscriptionState) -> String? {
        guard state.key.store == .playStore, let plans = app.catalog.product(state.productID, store: .playStore)?.basePlanIDs,
              plans.count == 1 else { return nil }
        return plans[0]
    }

    /// The management page of an active subscription, the platform's store first.
    private func managementURL(_ subscriptions: [SubscriptionState]) -> String? {
        let active = subscriptions.filter(\.grantsAccess)
        let preferred = active.first { $0.key.store == platform?.store && view.managementURLs[$0.key] != nil }
        return (preferred ?? active.first { view.managementURLs[$0.key] != nil }).flatMap { view.managementURLs[$0.key] }
    }

    /// RevenueCat's name of a store; stores it has no name for are `external`.
    static func storeName(_ store: Store) -> String {
        switch store {
        case .appStore: "app_store"
        case .playStore: "play_store"
        case .stripe: "stripe"
        default: "external"
        }
    }
}
