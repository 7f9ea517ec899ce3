import PerennialCore

/// Every change the simulated App Store can make to a purchase. `SimulatorState.apply` is the only
/// place that performs them.
enum LifecycleChange: Sendable {
    /// A purchase of an auto-renewable subscription; `resubscribing` names an expired subscription of the
    /// same group to restart.
    case subscribe(
        ReceiptOwner, productID: String, offer: SimulatorOffer, resubscribing: String?, appAccountToken: String?,
        promotionalOffer: String? = nil)
    /// A current subscriber redeemed a promotional offer of its product: it applies from the next renewal.
    case redeemOffer(String, offerID: String)
    /// A purchase of a consumable, non-consumable or non-renewing subscription.
    case buyOnce(ReceiptOwner, productID: String, appAccountToken: String?)
    case renew(String)
    case failBilling(String)
    /// The grace period of a subscription in billing retry ended without a recovery.
    case endGracePeriod(String)
    /// The developer extended the current period by `days` (scaled) through the App Store Server API.
    case extendRenewalDate(String, days: Int, reasonCode: Int)
    case recover(String)
    case expire(String, intent: Int)
    case setAutoRenew(String, Bool)
    case refund(transactionID: String, reason: String)
    case changeProduct(String, to: String, kind: ProductChangeKind, immediate: Bool)
    case cancelPendingChange(String)
    case priceIncrease(String, PriceIncreaseAction)
    case shareWithFamily(String, member: String)
    case revokeFamilyMember(String, member: String)
    /// The developer sent consumption information for a transaction (App Store Server API); `details`
    /// are the fields sent.
    case recordConsumption(transactionID: String, details: [String: String])
    /// The developer set the app account token (a lowercased UUID) of a purchase's transactions, by
    /// original transaction id (App Store Server API).
    case setAppAccountToken(String, token: String)
}
