import PerennialCore
import PerennialServices

/// What the RevenueCat-compatible surface uses: Perennial's own services, and each store's intake of the
/// purchases RevenueCat's SDKs send.
public struct RevenueCatServices: Sendable {
    let customers: CustomerService
    let identity: IdentityService
    let offers: OfferService
    let paywalls: PaywallService
    let intakes: [any SDKPurchaseIntake]

    public init(
        customers: CustomerService, identity: IdentityService, offers: OfferService, paywalls: PaywallService,
        intakes: [any SDKPurchaseIntake]
    ) {
        self.customers = customers
        self.identity = identity
        self.offers = offers
        self.paywalls = paywalls
        self.intakes = intakes
    }

    /// The store that takes purchases from the platform, if one does.
    func intake(for platform: RevenueCatPlatform) -> (any SDKPurchaseIntake)? {
        intakes.first { $0.platforms.contains(platform.name) }
    }
}
