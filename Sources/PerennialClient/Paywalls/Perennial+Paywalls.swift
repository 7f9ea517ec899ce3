import Foundation

extension Perennial {
    /// The paywall to show at `placement`, resolved by the server for the current customer (and recorded
    /// as an exposure); nil when the customer should see none (entitled already, or a rule says so).
    public func paywall(placement: String, context: PaywallContext = PaywallContext()) async throws(PerennialClientError) -> Paywall? {
        try await api.paywall(appUserID, placement: placement, context: context)
    }

    /// Reports what happened to a paywall (`shown` when it appears, `closed` when dismissed). Each report
    /// has an id of its own, so a retry after a lost answer is counted once.
    public func reportPaywallEvent(
        _ kind: PaywallEventKind, paywall: Paywall, packageID: String? = nil, eventID: String = UUID().uuidString
    ) async throws(PerennialClientError) {
        try await api.paywallEvent(
            appUserID, id: eventID, kind: kind, placement: paywall.placement, paywallID: paywall.paywallID,
            packageID: packageID, occurredAt: now())
    }

    /// Buys a paywall's package: reports `purchase_started` (and `purchase_cancelled` when the customer
    /// cancels), and applies the paywall's offer when it is for this package — a promotional offer signed by
    /// the server, a win-back offer by its id.
    public func purchase(package: PaywallPackage, from paywall: Paywall) async throws(PerennialClientError) -> PurchaseResult {
        guard let productID = package.productID ?? package.products["app_store"] else {
            throw .productUnavailable("package \(package.id) is not sold on the App Store")
        }
        // The events inform the paywall's statistics; a purchase never waits on them failing.
        try? await reportPaywallEvent(.purchaseStarted, paywall: paywall, packageID: package.id)
        let offer = package.id == paywall.defaultPackage?.id ? paywall.offer : nil
        // A promotional offer is signed again in format v1, which StoreKit takes on every OS and SDK the client
        // supports (the paywall's compact JWS needs the SDK of Xcode 26).
        var options = try await purchaseOptions(productID: productID, promotionalOfferID: offer?.type == "promotional" ? offer?.id : nil)
        if offer?.type == "win_back" { options.winBackOfferID = offer?.id }
        let result = try await purchase(productID: productID, options: options)
        if result.status == .cancelled {
            try? await reportPaywallEvent(.purchaseCancelled, paywall: paywall, packageID: package.id)
        }
        return result
    }
}
