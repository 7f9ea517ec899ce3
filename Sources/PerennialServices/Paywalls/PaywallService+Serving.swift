import Foundation
import PerennialCore

extension PaywallService {
    /// The paywall `appUserID` should see at the request's placement, resolved, with the exposure recorded
    /// (a customer Perennial has not seen is a `new` customer, and is not created by asking).
    public func paywall(app: AppSettings, appUserID: String, request: PaywallRequest) async throws -> PaywallAnswer {
        try AppUserIDRule.validated(appUserID)
        guard let (revision, document) = try await current(app: app), let placement = document.placement(request.placement) else {
            throw PerennialError(.placementNotFound, "the app's paywalls have no placement \(request.placement)")
        }
        let now = clock.now()
        let view = try await customers.customer(app: app, appUserID: appUserID)
        let owner = view?.appUserID ?? appUserID
        let needs = PaywallNeeds(placement: placement, document: document)
        let context = try await context(
            app: app, appUserID: owner, view: view, request: request, needs: needs, journey: document.journey, at: now)
        let resolver = PaywallResolver(document: document, revision: revision, catalog: app.catalog)
        let decided = resolver.resolve(
            placement: placement.id, context: context, entitled: !(view?.entitlements.isEmpty ?? true),
            variant: { experiment in
                ExperimentBucketing.variant(
                    experimentID: experiment.id, appUserID: owner, weights: experiment.variants.map(\.weight),
                    holdoutBasisPoints: experiment.holdoutBasisPoints)
            },
            filling: { paywall, offering, context in
                filled.paywall(app: app, revision: revision, paywall, context) {
                    resolver.fill(paywall, offering: offering, context: context)
                }
            })
        guard var decision = decided else {
            throw PerennialError(.placementNotFound, "the app's paywalls have no placement \(request.placement)")
        }
        var signed: SignedOffer?
        if case .show(var paywall) = decision, let offer = paywall.offer {
            (paywall.offer, signed) = try await present(offer, paywall: paywall, app: app, appUserID: owner, view: view)
            decision = .show(paywall)
        }
        try await recordExposure(decision, placement: placement.id, revision: revision, app: app, appUserID: owner, request: request, at: now)
        return PaywallAnswer(decision: decision, revision: revision, appUserID: owner, signedOffer: signed)
    }

    /// What targeting may read of the customer, read only when a rule or string of the placement needs it.
    private func context(
        app: AppSettings, appUserID: String, view: CustomerView?, request: PaywallRequest, needs: PaywallNeeds,
        journey: JourneyStageRule, at now: Instant
    ) async throws -> PaywallContext {
        let states = view?.subscriptions ?? []
        let firstSeen = view?.firstSeenAt ?? now
        let boughtNothing = states.allSatisfy { $0.productType == .consumable }
        let activityMatters = boughtNothing && now.milliseconds - firstSeen.milliseconds >= Int64(journey.newForDays) * 86_400_000
        let signals = view != nil && (needs.signals || activityMatters)
            ? try await ledger.read { try await $0.engagementSignals(appID: app.id, appUserID: appUserID) } : nil
        let attributes = view != nil && needs.attributes
            ? try await identity.profile(app: app, appUserID: appUserID)?.attributes.values ?? [:] : [:]
        let eligible = view != nil && needs.offers
            ? Set(try await offers.offers(app: app, appUserID: appUserID).offers.map(\.offer.id)) : []
        var numbers: [String: Double] = [:]
        if let sessions = signals?.sessionsLast30Days { numbers["sessions_last_30_days"] = Double(sessions) }
        if let lastActive = signals?.lastActiveAt { numbers["days_since_active"] = Double(now.milliseconds - lastActive.milliseconds) / 86_400_000 }
        return PaywallContext(
            stage: journey.stage(of: states, firstSeenAt: firstSeen, lastActiveAt: signals?.lastActiveAt, at: now),
            platform: request.platform, device: request.device, appVersion: request.appVersion.flatMap(AppVersion.init),
            country: request.country ?? attributes["$country"], locale: request.locale, stores: Set(states.map(\.key.store)),
            attributes: attributes, eligibleOffers: eligible,
            churnRisk: needs.churnRisk ? Double(ChurnRisk.score(states: states, signals: signals, at: now)) : nil, signals: numbers
        )
    }

    /// The paywall's offer if the customer may have it, and its signature for a promotional offer (when this
    /// server signs offers); nil when they may not.
    private func present(
        _ offer: PaywallOffer, paywall: ResolvedPaywall, app: AppSettings, appUserID: String, view: CustomerView?
    ) async throws -> (PaywallOffer?, SignedOffer?) {
        let package = paywall.packages.first { $0.isDefault }
        switch offer.type {
        case .introductory:
            let group = package?.products[Store.appStore.rawValue].flatMap { app.catalog.product($0, store: .appStore)?.subscriptionGroup }
            let eligible = group.map { OfferEligibility(catalog: app.catalog).isEligibleForIntroductoryOffer(group: $0, states: view?.subscriptions ?? []) } ?? true
            return (eligible ? offer : nil, nil)
        case .promotional, .winBack:
            guard view != nil, let id = offer.id, let productID = package?.products[Store.appStore.rawValue] else { return (nil, nil) }
            guard try await offers.offers(app: app, appUserID: appUserID).offers.contains(where: { $0.offer.id == id }) else { return (nil, nil) }
            guard offer.type == .promotional else { return (offer, nil) }
            do {
                return (offer, try await offers.sign(app: app, appUserID: appUserID, productID: productID, offerID: id, format: "v2", applicationUsername: ""))
            } catch let error as PerennialError where error.errorCode == .offerKeyNotConfigured || error.errorCode == .offerSigningFailed {
                return (offer, nil)
            }
        }
    }

    /// Records what was served, once per distinct thing this server served the customer lately.
    private func recordExposure(
        _ decision: PaywallDecision, placement: String, revision: Int, app: AppSettings, appUserID: String, request: PaywallRequest, at now: Instant
    ) async throws {
        let paywallID: String?
        switch decision {
        case .show(let paywall): paywallID = paywall.paywallID
        case .none(.noPaywall, .some): paywallID = nil
        case .none: return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let context = String(decoding: try encoder.encode(request), as: UTF8.self)
        let experiment = decision.experiment
        let key = [app.id, appUserID, placement, String(revision), paywallID ?? "", experiment?.experimentID ?? "", experiment?.variantID ?? "", context]
            .joined(separator: "\u{1F}")
        guard exposures.isNew(key) else { return }
        let record = PaywallExposureRecord(
            appID: app.id, appUserID: appUserID, placement: placement, paywallID: paywallID, revision: revision, experiment: experiment,
            context: context, servedAt: now)
        do {
            try await log.write { try await $0.recordPaywallExposures([record]) }
        } catch {
            exposures.forget(key)
            throw error
        }
    }
}
