import PerennialCore

extension PaywallService {
    /// A paywall of the app's current document filled in as a new web customer in `country` and `locale`
    /// would see it — for the dashboard's preview: no customer is read or created, no exposure recorded.
    /// `paywall_not_found` when the document has no such paywall or its offering is missing.
    public func preview(app: AppSettings, paywallID: String, request: PaywallRequest) async throws -> ResolvedPaywall {
        guard let (revision, document) = try await current(app: app), let paywall = document.paywall(paywallID),
              let offering = document.offering(paywall.offering)
        else { throw PerennialError(.notFound, "the app's paywalls have no paywall \(paywallID)") }
        let context = PaywallContext(stage: .new, platform: "web", device: request.device, country: request.country, locale: request.locale)
        var resolved = PaywallResolver(document: document, revision: revision, catalog: app.catalog).fill(paywall, offering: offering, context: context)
        resolved.placement = request.placement
        return resolved
    }
}
