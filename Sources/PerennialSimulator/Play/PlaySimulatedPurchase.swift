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

    /// The latest successful order: the stem, then `..0`, `..1` for renewals.
    var latestOrderID: String { renewals == 0 ? orderStem : "\(orderStem)..\(renewals - 1)" }
}
