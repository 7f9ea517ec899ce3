import Foundation
import PerennialCore

/// Answers which offers a customer may be shown, and signs one when the customer is eligible — through the
/// store's `OfferSigner`, with the app's active offer key, which never leaves the server. Every signature is
/// recorded.
public struct OfferService: Sendable {
    let ledger: any Ledger
    let customers: CustomerService
    /// Signs offers; nil: the server signs none (`offer_key_not_configured`).
    let signer: (any OfferSigner)?
    let clock: any Clock

    public init(ledger: any Ledger, signer: (any OfferSigner)?, clock: any Clock) {
        self.ledger = ledger
        customers = CustomerService(ledger: ledger, clock: clock)
        self.signer = signer
        self.clock = clock
    }

    /// The signer, or `offer_key_not_configured`.
    private func requiredSigner() throws -> any OfferSigner {
        guard let signer else { throw PerennialError(.offerKeyNotConfigured, "this server signs no offers") }
        return signer
    }

    /// The customer's offers now (none for an unknown customer, who has never subscribed).
    public func offers(app: AppSettings, appUserID: String) async throws -> CustomerOffers {
        let appUserID = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        let states = try await customers.customer(app: app, appUserID: appUserID)?.subscriptions ?? []
        let history = try await history(app: app, appUserID: appUserID)
        let eligibility = OfferEligibility(catalog: app.catalog)
        let now = clock.now()
        var offers: [CustomerOffers.Eligible] = []
        for offer in app.catalog.products.flatMap(\.offers) {
            if case .eligible(let rule) = decide(offer, states: states, history: history, eligibility: eligibility, at: now) {
                offers.append(.init(offer: offer, rule: rule))
            }
        }
        let groups = Set(app.catalog.products.compactMap(\.subscriptionGroup))
        return CustomerOffers(
            offers: offers,
            introductoryOfferEligibility: Dictionary(uniqueKeysWithValues: groups.map {
                ($0, eligibility.isEligibleForIntroductoryOffer(group: $0, states: states))
            })
        )
    }

    /// Signs an offer for a customer after checking eligibility; 403 with the reason otherwise.
    public func sign(
        app: AppSettings, appUserID: String, productID: String, offerID: String, format: String, applicationUsername: String
    ) async throws -> SignedOffer {
        let appUserID = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        guard let offer = app.catalog.product(productID)?.offers.first(where: { $0.id == offerID }) else {
            throw PerennialError(.offerNotFound, "product \(productID) has no offer \(offerID)")
        }
        guard format == "v1" || format == "v2" else {
            throw PerennialError(.invalidFormat, "format must be v1 or v2")
        }
        let signer = try requiredSigner()
        let keyID = try signer.signingKeyID(app: app)
        let states = try await customers.customer(app: app, appUserID: appUserID)?.subscriptions ?? []
        let history = try await history(app: app, appUserID: appUserID)
        let decision = decide(offer, states: states, history: history, eligibility: OfferEligibility(catalog: app.catalog), at: clock.now())
        if case .ineligible(let reason) = decision {
            throw PerennialError(.offerNotEligible, "the customer is not eligible for this offer (\(reason))")
        }
        let nonce = UUID()
        let signed = try signer.sign(
            offer, format: format, app: app, applicationUsername: applicationUsername, nonce: nonce,
            transactionID: states.first { app.catalog.product($0.productID, store: $0.key.store)?.subscriptionGroup != nil }?.latestTransactionID
        )
        let record = OfferSignatureRecord(
            appID: app.id, appUserID: appUserID, productID: productID, offerID: offerID, nonce: signer.text(ofNonce: nonce),
            format: format, keyID: keyID, signedAt: clock.now()
        )
        try await ledger.write { try await $0.recordOfferSignature(record) }
        return signed
    }

    /// A signed statement that the customer may, or may not, get a product's introductory offer (for StoreKit,
    /// `Product.PurchaseOption.introductoryOfferEligibility(compactJWS:)`), decided by this server: no trial
    /// or introductory period used in the product's group. It is made against one of the customer's
    /// transactions of the signer's store, so a customer Perennial has none for gets a 404 (the store's own
    /// default applies).
    public func introductoryEligibility(app: AppSettings, appUserID: String, productID: String) async throws -> (allowed: Bool, signature: String) {
        let appUserID = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        guard let group = app.catalog.product(productID)?.subscriptionGroup else {
            throw PerennialError(.productNotFound, "\(productID) is not an auto-renewable product of the app")
        }
        let signer = try requiredSigner()
        let states = try await customers.customer(app: app, appUserID: appUserID)?.subscriptions ?? []
        guard let transactionID = states.last(where: { $0.key.store == signer.store })?.latestTransactionID else {
            throw PerennialError(.noTransaction, "the customer has no \(signer.store) transaction to sign against")
        }
        let allowed = OfferEligibility(catalog: app.catalog).isEligibleForIntroductoryOffer(group: group, states: states)
        return (allowed, try signer.introductoryEligibility(app: app, productID: productID, allowed: allowed, transactionID: transactionID))
    }

    /// Grants an offer to one customer (customer service) for `days` days, whatever the offer's cohort.
    public func grant(
        app: AppSettings, appUserID: String, productID: String, offerID: String, reason: String, days: Int
    ) async throws -> OfferGrantRecord {
        let appUserID = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        guard app.catalog.product(productID)?.offers.contains(where: { $0.id == offerID }) == true else {
            throw PerennialError(.offerNotFound, "product \(productID) has no offer \(offerID)")
        }
        guard (1...366).contains(days) else {
            throw PerennialError(.invalidExpiry, "a grant lasts 1 to 366 days")
        }
        let now = clock.now()
        let expiresAt = now.adding(milliseconds: Int64(days) * 86_400_000)
        let trimmed = reason.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 500 else {
            throw PerennialError(.invalidReason, "a reason of 1 to 500 characters is required")
        }
        let grant = OfferGrantRecord(
            appID: app.id, appUserID: appUserID, productID: productID, offerID: offerID, reason: trimmed, grantedAt: now, expiresAt: expiresAt
        )
        try await ledger.write { try await $0.recordOfferGrant(grant) }
        return grant
    }

    /// Every customer's eligible offers, as CSV (`app_user_id,product_id,offer_id,rule`), a page of customers at
    /// a time: a cohort export for campaigns outside the app.
    public func eligibleCohortsCSV(app: AppSettings) async throws -> String {
        var lines = ["app_user_id,product_id,offer_id,rule"]
        var after: String?
        while true {
            let page = try await ledger.read { [after] in try await $0.appUserIDs(appID: app.id, after: after, limit: 500) }
            for appUserID in page {
                for eligible in try await offers(app: app, appUserID: appUserID).offers {
                    lines.append(CSVWriter.line([appUserID, eligible.offer.productID, eligible.offer.id, eligible.rule]))
                }
            }
            guard page.count == 500 else { break }
            after = page.last
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Records the engagement the app reports for a customer (for the churn-risk score of the `save` rule).
    public func reportEngagement(app: AppSettings, appUserID: String, sessionsLast30Days: Int?, lastActiveAt: Instant?) async throws {
        let appUserID = try await IdentityService.resolve(appUserID, appID: app.id, in: ledger)
        if let sessions = sessionsLast30Days, !(0...100_000).contains(sessions) {
            throw PerennialError(.invalidEngagement, "sessions_last_30_days must be between 0 and 100000")
        }
        let signals = EngagementSignals(sessionsLast30Days: sessionsLast30Days, lastActiveAt: lastActiveAt, reportedAt: clock.now())
        try await ledger.write { try await $0.saveEngagementSignals(appID: app.id, appUserID: appUserID, signals) }
    }

    private func history(app: AppSettings, appUserID: String) async throws -> OfferHistory {
        try await ledger.read { ledger in
            OfferHistory(
                signatures: try await ledger.offerSignatures(appID: app.id, appUserID: appUserID),
                grants: try await ledger.offerGrants(appID: app.id, appUserID: appUserID),
                signals: try await ledger.engagementSignals(appID: app.id, appUserID: appUserID)
            )
        }
    }

    private func decide(
        _ offer: SubscriptionOffer, states: [SubscriptionState],
        history: OfferHistory, eligibility: OfferEligibility, at now: Instant
    ) -> OfferDecision {
        let granted = history.grants.contains { $0.offerID == offer.id && $0.productID == offer.productID && $0.expiresAt > now }
        return eligibility.decide(
            offer, states: states,
            signaturesOfOffer: history.signatures.filter { $0.offerID == offer.id && $0.productID == offer.productID }.count,
            lastSignatureAt: history.signatures.last?.signedAt, isGranted: granted, signals: history.signals, at: now
        )
    }
}
