import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Extend Subscription Renewal Dates for All Active Subscribers: extends every active subscription of
    /// the product in the scope's app (each as the single extension does, with `RENEWAL_EXTENDED`), at once.
    /// `storefrontCountryCodes` without `USA` (the simulator's one storefront) extends none. A repeated
    /// `requestIdentifier` for the product answers as the first time, without extending again.
    func serverAPIMassExtendRenewalDate(_ scope: ServerAPIScope, request: MassExtendRenewalDateRequest)
        throws(ServerAPIFailure) -> MassExtendRenewalDateResponse
    {
        let now = catchUp()
        guard (1...90).contains(request.extendByDays) else { throw .invalidExtendByDays }
        guard (0...3).contains(request.extendReasonCode.rawValue) else { throw .invalidExtendReasonCode }
        guard !request.requestIdentifier.isEmpty, request.requestIdentifier.count <= 128 else {
            throw .invalidRequestIdentifier
        }
        guard state.product(scope.app.bundleID, request.productId)?.type == .autoRenewable else {
            throw .invalidProductId
        }
        if let codes = request.storefrontCountryCodes {
            guard !codes.isEmpty else { throw .invalidEmptyStorefrontCountryCodeList }
            guard codes.allSatisfy(Self.isCountryCode) else { throw .invalidStorefrontCountryCode }
        }
        let key = Self.massExtensionKey(scope.app.bundleID, request.productId, request.requestIdentifier)
        if massExtensions[key] != nil { return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier) }
        let inStorefront = request.storefrontCountryCodes?.contains(SimulatorState.storefront.code) ?? true
        let eligible = !inStorefront ? [] : state.subscriptions.values
            .filter { subscription in
                subscription.productID == request.productId && subscription.phase == .active
                    && subscription.sharedFrom == nil
                    && scope.reaches(bundleID: subscription.owner.bundleID, environment: subscription.owner.environment)
            }
            .map(\.originalTransactionID).sorted()
        var succeeded: Int64 = 0
        for id in eligible {
            let events = apply(
                .extendRenewalDate(id, days: request.extendByDays, reasonCode: request.extendReasonCode.rawValue),
                at: now)
            if events.contains(where: { $0.kind == .renewalExtended && $0.originalTransactionID == id }) { succeeded += 1 }
        }
        massExtensions[key] = MassExtendRenewalDateStatusResponse(
            requestIdentifier: request.requestIdentifier, complete: true, completeDate: now,
            succeededCount: succeeded, failedCount: Int64(eligible.count) - succeeded)
        return MassExtendRenewalDateResponse(requestIdentifier: request.requestIdentifier)
    }

    /// Get Status of Subscription Renewal Date Extensions: a mass extension of the scope's app (complete
    /// as soon as it was received).
    func serverAPIMassExtensionStatus(_ scope: ServerAPIScope, productID: String, requestIdentifier: String)
        throws(ServerAPIFailure) -> MassExtendRenewalDateStatusResponse
    {
        catchUp()
        guard let status = massExtensions[Self.massExtensionKey(scope.app.bundleID, productID, requestIdentifier)] else {
            throw .statusRequestNotFound
        }
        return status
    }

    private static func massExtensionKey(_ bundleID: String, _ productID: String, _ requestIdentifier: String) -> String {
        [bundleID, productID, requestIdentifier].joined(separator: "\u{0}")
    }

    /// An ISO 3166-1 alpha-3 code's shape: three uppercase ASCII letters.
    private static func isCountryCode(_ code: String) -> Bool {
        code.count == 3 && code.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
    }
}
