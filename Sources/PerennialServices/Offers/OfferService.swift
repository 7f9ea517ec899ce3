import Foundation
import PerennialAppStore
import PerennialCore

/// Answers which offers a customer may be shown, and signs one when the customer is eligible — with the
/// app's active offer key, which never leaves the server. Every signature is recorded.
public struct OfferService: Sendable {
    let ledger: any Ledger
    let customers: CustomerService
    let clock: any Clock

    public init(ledger: any Ledger, clock: any Clock) {
        self.ledger = ledger
        customers = CustomerService(ledger: ledger, clock: clock)
        self.clock = clock
    }

    /// The customer's offers now (none for an unknown customer, who has never subscribed).
    public func offers(app: AppSettings, appUserID: String) async throws -> CustomerOffers {
        let states = try await customers.customer(app: app, appUserID: appUserID)?.subscriptions ?? []
        let signatures = try await ledger.read { try await $0.offerSignatures(appID: app.id, appUserID: appUserID) }
        let eligibility = OfferEligibility(catalog: app.catalog)
        let now = clock.now()
        var offers: [CustomerOffers.Eligible] = []
        for offer in app.catalog.products.flatMap(\.offers) {
            if case .eligible(let rule) = decide(offer, states: states, signatures: signatures, eligibility: eligibility, at: now) {
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
        guard let offer = app.catalog.product(productID)?.offers.first(where: { $0.id == offerID }) else {
            throw PerennialError(.notFound, code: "offer_not_found", "product \(productID) has no offer \(offerID)")
        }
        guard format == "v1" || format == "v2" else {
            throw PerennialError(.badRequest, code: "invalid_format", "format must be v1 or v2")
        }
        guard let apple = app.apple, let keyID = apple.offerSigningKeyID,
              let key = apple.offerKeys.first(where: { $0.id == keyID && $0.isActive }) else {
            throw PerennialError(.conflict, code: "offer_key_not_configured", "configure offer_keys and offer_signing_key for the app")
        }
        let states = try await customers.customer(app: app, appUserID: appUserID)?.subscriptions ?? []
        let signatures = try await ledger.read { try await $0.offerSignatures(appID: app.id, appUserID: appUserID) }
        let decision = decide(offer, states: states, signatures: signatures, eligibility: OfferEligibility(catalog: app.catalog), at: clock.now())
        if case .ineligible(let reason) = decision {
            throw PerennialError(.forbidden, code: "offer_not_eligible", "the customer is not eligible for this offer (\(reason))")
        }
        let nonce = UUID()
        let signed = try OfferSigning(key: key, app: app, clock: clock).sign(
            offer, format: format, applicationUsername: applicationUsername, nonce: nonce,
            transactionID: states.first { app.catalog.product($0.productID)?.subscriptionGroup != nil }?.latestTransactionID
        )
        let record = OfferSignatureRecord(
            appID: app.id, appUserID: appUserID, productID: productID, offerID: offerID, nonce: OfferNonce.text(nonce),
            format: format, keyID: key.id, signedAt: clock.now()
        )
        try await ledger.transaction { try await $0.recordOfferSignature(record) }
        return signed
    }

    private func decide(
        _ offer: SubscriptionOffer, states: [SubscriptionState], signatures: [OfferSignatureRecord], eligibility: OfferEligibility,
        at now: Instant
    ) -> OfferDecision {
        eligibility.decide(
            offer, states: states, signaturesOfOffer: signatures.filter { $0.offerID == offer.id && $0.productID == offer.productID }.count,
            lastSignatureAt: signatures.last?.signedAt, at: now
        )
    }
}
