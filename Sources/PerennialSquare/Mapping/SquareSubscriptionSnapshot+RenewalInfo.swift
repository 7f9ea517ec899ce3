import Foundation
import PerennialCore

extension SquareSubscriptionSnapshot {
    /// A pause with no resume date: the engine keeps a subscription paused while `pausedUntil` is ahead, so
    /// 9999-12-31 stands for "until someone resumes it".
    public static let openEndedPause = Instant(milliseconds: 253_402_300_799_999)

    /// The subscription's renewal info, from its status, its scheduled actions and its newest invoice:
    ///
    /// - `ACTIVE`: renews, unless a cancellation is scheduled (`canceled_date`, or a `CANCEL` action): then
    ///   it ends with the period, voluntarily. With its newest invoice owed past its due date, it is in
    ///   billing retry: Square keeps it ACTIVE, Perennial does not entitle past what was paid.
    /// - `PAUSED`: paused until the scheduled `RESUME` (open-ended without one).
    /// - `CANCELED`: does not renew; a billing error when it ended owing money, voluntary otherwise.
    /// - `DEACTIVATED`: Square stopped billing it (a billing error); `COMPLETED`: every phase ran.
    func renewalInfo(status: SquareSubscriptionStatus) -> RenewalInfoFact? {
        guard let productID = subscription.planVariationID else { return nil }
        var info = RenewalInfoFact(
            store: .square, environment: environment, subscriptionID: subscription.id, productID: productID, observedAt: observedAt)
        let actions = subscription.actions ?? []
        switch status {
        case .active:
            let cancelling = subscription.canceledDate != nil || actions.contains { $0.type == "CANCEL" }
            info.willAutoRenew = !cancelling
            info.expirationReason = cancelling ? .voluntary : nil
            info.isInBillingRetryPeriod = isInArrears
        case .paused:
            info.willAutoRenew = true
            info.isInBillingRetryPeriod = false
            let resume = actions.first { $0.type == "RESUME" }.flatMap { SquareTime.startOfDay($0.effectiveDate, in: calendar) }
            info.pausedUntil = resume.map(Instant.init) ?? Self.openEndedPause
        case .canceled:
            info.willAutoRenew = false
            info.expirationReason = isInArrears ? .billingError : .voluntary
        case .deactivated:
            info.willAutoRenew = false
            info.expirationReason = .billingError
        case .completed:
            info.willAutoRenew = false
            info.expirationReason = .unknown
        default:
            return nil
        }
        return info
    }
}
