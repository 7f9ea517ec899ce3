import PerennialCore
import PerennialServices

/// Reads what the customer page shows: the customer's view now, their aliases, events, and the facts the
/// stores gave for each of their subscriptions.
struct CustomerPageBuilder: Sendable {
    /// The most events and facts a timeline shows.
    static let timelineLimit = 300

    let customers: CustomerService
    let ledger: any Ledger
    let supportActions: [any SupportAction]

    /// The page of `appUserID` (an alias shows the customer it joined); nil for a customer Perennial never saw.
    func page(app: AppSettings, appUserID: String, signedIn: SignedIn, chrome: Chrome) async throws -> CustomerPage? {
        guard let view = try await customers.customer(app: app, appUserID: appUserID) else { return nil }
        let owner = view.appUserID, appID = app.id
        let events = try await customers.events(app: app, appUserID: owner, limit: Self.timelineLimit) ?? []
        let keys = view.subscriptions.map(\.key).prefix(50)
        let (aliases, facts) = try await ledger.read { session in
            var facts: [(transactions: [TransactionFact], renewals: [RenewalInfoFact])] = []
            for key in keys {
                facts.append((
                    try await session.transactions(appID: appID, subscription: key),
                    try await session.renewalInfos(appID: appID, subscription: key)))
            }
            return (try await session.aliases(appID: appID, appUserID: owner), facts)
        }
        var timeline = events.map(Self.entry(event:))
        for (transactions, renewals) in facts {
            timeline += transactions.map(Self.entry(transaction:)) + renewals.map(Self.entry(renewal:))
        }
        timeline.sort { $0.sortKey > $1.sortKey }
        let offers = app.catalog.products.flatMap { product in
            product.offers.map { CustomerPage.OfferOption(value: "\(product.id) \($0.id)", label: "\($0.id) on \(product.id)") }
        }
        let entitlements = view.entitlements.map {
            CustomerPage.EntitlementRow(
                identifier: $0.identifier, productID: $0.productID, subscription: $0.subscription.description,
                expires: $0.expiresAt.map(TimeText.init), renews: $0.willRenew ? "renews" : "does not renew")
        }
        let subscriptions = view.subscriptions.map { state in
            CustomerPage.SubscriptionRow(
                key: state.key.description, store: state.key.store.rawValue, id: state.key.id, productID: state.productID,
                status: state.status.rawValue, statusTone: state.status.grantsAccess ? "good" : "bad",
                environment: state.environment.rawValue, started: TimeText(state.originalPurchasedAt),
                expires: state.expiresAt.map(TimeText.init), renews: state.willRenew ? "yes" : "no", renewals: state.renewalCount,
                actions: signedIn.user.role >= .support
                    ? supportActions.filter { $0.store == state.key.store && $0.applies(to: state) }.map { action in
                        .init(title: action.title, href: SupportActionRoutes.path(app.id, owner, state.key, action.id))
                    } : [])
        }
        let limited = Array(timeline.prefix(Self.timelineLimit))
        return CustomerPage(
            chrome: chrome, appID: app.id, appUserID: owner, firstSeen: TimeText(view.firstSeenAt), aliases: aliases,
            hasAliases: !aliases.isEmpty, entitlements: entitlements, hasEntitlements: !entitlements.isEmpty,
            subscriptions: subscriptions, hasSubscriptions: !subscriptions.isEmpty, timeline: limited, hasTimeline: !limited.isEmpty,
            canGrant: signedIn.user.role.allows(.support), offers: offers, hasOffers: !offers.isEmpty,
            grantAction: DashboardPaths.customer(app.id, owner) + "/grant-offer", refreshAction: DashboardPaths.customer(app.id, owner) + "/refresh",
            canErase: signedIn.user.role.allows(.admin), eraseAction: DashboardPaths.customer(app.id, owner) + "/erase", csrf: signedIn.csrfToken)
    }

    static func entry(event stored: StoredEvent) -> CustomerPage.TimelineEntry {
        let event = stored.event
        var evidence = "Recorded \(stored.recordedAt.iso8601)"
        if !event.details.isEmpty {
            evidence += " · " + event.details.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        }
        if let retracted = stored.retractedAt { evidence += " · retracted \(retracted.iso8601)" }
        return CustomerPage.TimelineEntry(
            kind: event.kind.rawValue, what: event.kind.rawValue.replacingOccurrences(of: "_", with: " ").capitalizedFirst + " of \(event.productID)",
            at: TimeText(event.occurredAt), subscription: event.subscription.description, evidence: evidence, isFact: false,
            sortKey: event.occurredAt.milliseconds)
    }

    static func entry(transaction fact: TransactionFact) -> CustomerPage.TimelineEntry {
        var parts = ["transaction \(fact.transactionID)", fact.environment.rawValue]
        if let expires = fact.expiresAt { parts.append("expires \(expires.iso8601)") }
        if let price = fact.price { parts.append("price \(MoneyText(minorUnits: price.minorUnits, currency: price.currency).text)") }
        if fact.isTrialPeriod { parts.append("free trial") }
        if let cancelled = fact.cancelledAt { parts.append("refunded or revoked \(cancelled.iso8601)\(fact.cancellationReason.map { " (\($0))" } ?? "")") }
        if let storefront = fact.storefront { parts.append("storefront \(storefront)") }
        if let observed = fact.observedAt { parts.append("the store said so at \(observed.iso8601)") }
        return CustomerPage.TimelineEntry(
            kind: "transaction", what: "The store reported a purchase of \(fact.productID)", at: TimeText(fact.purchasedAt),
            subscription: fact.subscriptionKey.description, evidence: parts.joined(separator: " · "), isFact: true,
            sortKey: fact.purchasedAt.milliseconds)
    }

    static func entry(renewal fact: RenewalInfoFact) -> CustomerPage.TimelineEntry {
        var parts: [String] = []
        if let renews = fact.willAutoRenew { parts.append(renews ? "will renew" : "will not renew") }
        if let next = fact.autoRenewProductID, next != fact.productID { parts.append("renews to \(next)") }
        if let reason = fact.expirationReason { parts.append("expiration reason \(reason.rawValue)") }
        if fact.isInBillingRetryPeriod == true { parts.append("in billing retry") }
        if let grace = fact.gracePeriodExpiresAt { parts.append("grace period until \(grace.iso8601)") }
        if let paused = fact.pausedUntil { parts.append("paused until \(paused.iso8601)") }
        return CustomerPage.TimelineEntry(
            kind: "renewal_info", what: "The store reported the renewal state of \(fact.productID)", at: TimeText(fact.observedAt),
            subscription: fact.subscriptionKey.description, evidence: parts.isEmpty ? "no change stated" : parts.joined(separator: " · "),
            isFact: true, sortKey: fact.observedAt.milliseconds)
    }
}
