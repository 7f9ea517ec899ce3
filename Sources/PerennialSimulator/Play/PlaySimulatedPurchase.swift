import PerennialCore

/// One purchase token's subscription in the Play simulator, as Google keeps it.
struct PlaySimulatedPurchase: Sendable, Hashable, Codable {
    enum Phase: String, Sendable, Hashable, Codable {
        case active, canceled, inGracePeriod, onHold, paused, expired
    }

    enum Cancellation: String, Sendable, Hashable, Codable {
        case user = "userInitiatedCancellation"
        case system = "systemInitiatedCancellation"
        case developer = "developerInitiatedCancellation"
        case replacement = "replacementCancellation"
    }

    var token: String
    var product: PlaySimulatorProduct
    var startTime: Instant
    /// The end of the paid (or trial) period.
    var expiryTime: Instant
    var phase: Phase = .active
    var cancellation: Cancellation?
    var autoRenew = true
    var billingFails = false
    /// When renewal payment first failed (grace, then hold, count from it).
    var failedAt: Instant?
    var inTrial: Bool
    /// Introductory-price periods still to be charged after the current one (the current one is discounted
    /// while `inIntroductoryPrice`).
    var inIntroductoryPrice = false
    var introductoryPeriodsLeft = 0
    /// A pause the customer scheduled: it starts when the current period ends and lasts this long.
    var scheduledPauseMinutes: Int64?
    /// While paused, when the subscription resumes (and is charged).
    var autoResumeTime: Instant?
    var acknowledged = false
    /// The order id's stem (`GPA.xxxx-xxxx-xxxx-xxxxx`) and how many renewals were charged.
    var orderStem: String
    var renewals = 0
    var linkedPurchaseToken: String?
    var obfuscatedAccountID: String?
    /// A resubscribe from the Play Store: the expired purchase it follows, and that one's account id.
    var expiredPurchaseToken: String?
    var expiredObfuscatedAccountID: String?
    var etagVersion = 1
    /// Every charge, oldest first, recorded when it was made; nil for a purchase saved before the simulator
    /// recorded orders (it has none from before).
    var orders: [PlaySimulatedOrder]?

    /// The latest successful order: the stem, then `..0`, `..1` for renewals.
    var latestOrderID: String { renewals == 0 ? orderStem : "\(orderStem)..\(renewals - 1)" }

    /// The pricing phase of the current period.
    var offerPhase: PlayOfferPhase {
        if inTrial, product.freeTrialOfferID != nil { return .freeTrial }
        if inIntroductoryPrice, product.introductoryOfferID != nil { return .introductory }
        return .base
    }

    /// The offer the current period is in: the free trial's or the introductory price's; nil at the base price.
    var offerID: String? {
        switch offerPhase {
        case .freeTrial: product.freeTrialOfferID
        case .introductory: product.introductoryOfferID
        case .base: nil
        }
    }

    /// Records the charge of the current period, made at `time` (its latest order).
    mutating func recordOrder(chargedAt time: Instant) {
        let order = PlaySimulatedOrder(charging: self, at: time)
        if orders == nil { orders = [order] } else { orders?.append(order) }
    }

    /// Marks the latest order refunded at `time` (nothing when it was not recorded, or already refunded).
    mutating func refundLatestOrder(at time: Instant, chargeback: Bool) {
        guard let index = orders?.lastIndex(where: { $0.orderID == latestOrderID }), orders?[index].refund == nil else { return }
        orders?[index].refund = PlaySimulatedOrder.Refund(time: time, chargeback: chargeback)
    }
}
