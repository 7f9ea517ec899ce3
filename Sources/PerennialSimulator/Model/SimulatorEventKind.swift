/// What changed in a simulated subscription or purchase.
public enum SimulatorEventKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A first purchase, a resubscription, or a one-time purchase.
    case purchase
    /// A new period was charged (a trial converting, an intro period, a pending downgrade taking effect).
    case renewal
    /// A renewal could not be charged; billing retry started.
    case billingFailure = "billing_failure"
    /// Billing retry started with the app's grace period (`grace_period_expires_date`).
    case gracePeriod = "grace_period"
    /// The grace period ended while billing still failed; billing retry goes on without access.
    case gracePeriodExpired = "grace_period_expired"
    /// Billing succeeded again during retry: a new period starts now.
    case recovery
    /// The subscription ended (`expiration_intent` in the details).
    case expiry
    case autoRenewOff = "auto_renew_off"
    case autoRenewOn = "auto_renew_on"
    /// A transaction was refunded (`cancellation_date`, `cancellation_reason`).
    case refund
    /// Moved to a higher level of the group, immediately.
    case upgrade
    /// Moved to a lower level; takes effect at the next renewal.
    case downgrade
    /// Moved to the same level (immediate for the same duration, else at the next renewal).
    case crossgrade
    /// A pending downgrade or crossgrade was withdrawn.
    case productChangeCancelled = "product_change_cancelled"
    /// A price increase was announced, consented to or declined (`status` in the details).
    case priceIncrease = "price_increase"
    /// A family member gained access through Family Sharing.
    case familyShare = "family_share"
    /// A family member lost access through Family Sharing.
    case familyRevoke = "family_revoke"
    /// The developer extended the current period (App Store Server API); `extend_by_days` in the details.
    case renewalExtended = "renewal_extended"
    /// The developer sent consumption information for a transaction (App Store Server API); the fields
    /// sent are in the details (`version` 1 or 2).
    case consumptionInformation = "consumption_information"
    /// The developer set the app account token of a purchase (App Store Server API); `app_account_token`
    /// in the details.
    case appAccountTokenSet = "app_account_token_set"
    /// A current subscriber redeemed a promotional offer; it applies from the next renewal
    /// (`promotional_offer_id` in the details).
    case offerRedeemed = "offer_redeemed"
}
