import PerennialAppStore
import PerennialCore

extension AppStoreSimulator {
    /// Extend a Subscription Renewal Date: moves the end of an active subscription's current period by
    /// 1…90 days (scaled) and sends `RENEWAL_EXTENDED`. A repeated `requestIdentifier` answers as the first
    /// time, without extending again.
    func serverAPIExtendRenewalDate(
        _ scope: ServerAPIScope, originalTransactionID id: String, request: ExtendRenewalDateRequest
    ) throws(ServerAPIFailure) -> ExtendRenewalDateResponse {
        let now = catchUp()
        guard !id.isEmpty, id.allSatisfy(\.isNumber) else { throw .invalidOriginalTransactionId }
        guard (1...90).contains(request.extendByDays) else { throw .invalidExtendByDays }
        guard (0...3).contains(request.extendReasonCode.rawValue) else { throw .invalidExtendReasonCode }
        guard !request.requestIdentifier.isEmpty, request.requestIdentifier.count <= 128 else {
            throw .invalidRequestIdentifier
        }
        guard let subscription = state.subscriptions[id],
            scope.reaches(bundleID: subscription.owner.bundleID, environment: subscription.owner.environment)
        else { throw .originalTransactionIdNotFound }
        let key = id + "\u{0}" + request.requestIdentifier
        if let earlier = renewalExtensions[key] { return earlier }
        guard subscription.phase == .active, subscription.sharedFrom == nil else { throw .extensionIneligible }
        apply(
            .extendRenewalDate(id, days: request.extendByDays, reasonCode: request.extendReasonCode.rawValue), at: now)
        let extended = state.subscriptions[id]
        let response = ExtendRenewalDateResponse(
            originalTransactionId: id,
            webOrderLineItemId: extended.flatMap { state.transactions[$0.latestTransactionID]?.webOrderLineItemID },
            success: true, effectiveDate: extended?.expiresDate)
        renewalExtensions[key] = response
        return response
    }
}
