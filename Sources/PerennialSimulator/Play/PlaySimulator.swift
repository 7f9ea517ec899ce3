import _CryptoExtras
import Foundation
import PerennialCore

/// Google Play for one app, simulated: the service account it issues a key file for, the OAuth token
/// endpoint that key signs assertions to, the Developer API over the purchases made through the control API,
/// and the key it signs Pub/Sub push tokens with. Every purchase behaves as a license tester's: periods
/// renew in minutes (Play's test table), a free trial lasts 3, grace 5 and account hold 10, and a purchase
/// nobody acknowledged within 5 minutes (Google's three days, accelerated) is refunded and revoked. Faults
/// (`addFault`) make the Developer API and the token endpoint fail as Google's do in an outage.
public actor PlaySimulator {
    public static let graceMinutes: Int64 = 5
    public static let holdMinutes: Int64 = 10
    public static let acknowledgementMinutes: Int64 = 5

    public nonisolated let packageName: String
    public nonisolated let serviceAccountEmail: String
    let clock: SimulatorClock
    let products: [String: PlaySimulatorProduct]
    var serviceAccountKey: _RSA.Signing.PrivateKey
    var pushKey: _RSA.Signing.PrivateKey
    var purchases: [String: PlaySimulatedPurchase] = [:]
    /// Each purchase's token by its first order id, for the Orders API; rebuilt when purchases were added
    /// (purchases are never removed, and a token's first order id never changes).
    var tokensByOrderStem: [String: String] = [:]
    /// The app's consumables and non-consumables, by product id, and their purchases by token.
    let oneTimeProductIDs: Set<String>
    var productPurchases: [String: PlaySimulatedProductPurchase] = [:]
    var voided: [PlayVoidedEntry] = []
    var accessTokens: [String: Date] = [:]
    var nextOrder = Int.random(in: 1_000...9_000)
    var pushTarget: PlayPushTarget?
    var pushSender: (any PlayPushSender)?
    var pendingPushes: [PendingPush] = []
    var deliveredPushes = 0
    var nextMessageID = 1_000_000
    var basePlanStates: [String: String] = [:]
    var financialAccess = true
    var faultList = SimulatorFaultList()
    /// Bumped when the faults are cleared: requests a timeout fault holds are let go.
    var faultGeneration = 0

    public init(packageName: String, products: [PlaySimulatorProduct], oneTimeProductIDs: Set<String> = [], clock: SimulatorClock) throws {
        self.packageName = packageName
        self.oneTimeProductIDs = oneTimeProductIDs
        self.products = Dictionary(products.map { ($0.productID, $0) }, uniquingKeysWith: { first, _ in first })
        self.clock = clock
        serviceAccountEmail = "perennial@\(packageName.replacingOccurrences(of: ".", with: "-")).iam.gserviceaccount.com"
        serviceAccountKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        pushKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
    }

    /// The service account's JSON key file, its `token_uri` the simulator's.
    public func keyFile(tokenURI: String) throws -> Data {
        try JSONSerialization.data(withJSONObject: [
            "type": "service_account", "project_id": "perennial-simulator", "private_key_id": "simulator-key-1",
            "private_key": serviceAccountKey.pemRepresentation, "client_email": serviceAccountEmail,
            "client_id": "100000000000000000001", "token_uri": tokenURI,
        ], options: [.sortedKeys])
    }

    // MARK: Purchases (the control API)

    /// A new subscription purchase, as Play Billing completes it on a device; returns its purchase token.
    /// `freeTrial` and `introductoryPrice` take the base plan's offers when it has them (a trial first, then
    /// the introductory periods, as one offer's phases); `linkedPurchaseToken` makes it an upgrade or
    /// downgrade of that purchase, which ends now, replaced.
    public func purchase(
        productID: String, obfuscatedAccountID: String? = nil, freeTrial: Bool = false, introductoryPrice: Bool = false,
        linkedPurchaseToken: String? = nil
    ) throws -> String {
        guard let product = products[productID] else { throw PlaySimulatorError.notFound("no product \(productID)") }
        if let old = linkedPurchaseToken {
            let replaced = try settled(old)
            guard replaced.phase != .expired else {
                throw PlaySimulatorError.failedPrecondition("the linked purchase has expired: a resubscribe is a new purchase")
            }
        }
        var purchase = newPurchase(product: product, freeTrial: freeTrial, introductoryPrice: introductoryPrice)
        purchase.linkedPurchaseToken = linkedPurchaseToken
        purchase.obfuscatedAccountID = obfuscatedAccountID
        let token = purchase.token
        let now = purchase.startTime
        purchases[token] = purchase
        if let old = linkedPurchaseToken, var replaced = purchases[old] {
            replaced.phase = .expired
            replaced.cancellation = .replacement
            replaced.autoRenew = false
            replaced.scheduledPauseMinutes = nil
            replaced.expiryTime = min(replaced.expiryTime, now)
            replaced.etagVersion += 1
            purchases[old] = replaced
        }
        notify(.purchased, token: token)
        return token
    }

    /// The customer resubscribes from the Play Store, outside the app, to a subscription that expired: a new
    /// purchase token with no account id of the app's, naming the expired purchase (and its account id) in
    /// `outOfAppPurchaseContext`. Nobody in the app acknowledges it.
    public func resubscribeFromPlayStore(expiredToken: String) throws -> String {
        let expired = try settled(expiredToken)
        guard expired.phase == .expired else { throw PlaySimulatorError.failedPrecondition("the subscription has not expired") }
        var purchase = newPurchase(product: expired.product, freeTrial: false, introductoryPrice: false)
        purchase.expiredPurchaseToken = expiredToken
        purchase.expiredObfuscatedAccountID = expired.obfuscatedAccountID
        purchases[purchase.token] = purchase
        notify(.purchased, token: purchase.token)
        return purchase.token
    }

    /// A purchase of `product` starting now, with the offers asked for that the base plan has, and the order of
    /// its first period.
    private func newPurchase(product: PlaySimulatorProduct, freeTrial: Bool, introductoryPrice: Bool) -> PlaySimulatedPurchase {
        let now = clock.now()
        let stem = "GPA.\(nextOrder)-\(Int.random(in: 1_000...9_999))-\(Int.random(in: 1_000...9_999))-\(Int.random(in: 10_000...99_999))"
        nextOrder += 1
        let trial = freeTrial && product.freeTrialOfferID != nil
        let introductory = introductoryPrice && product.introductoryOfferID != nil
        let minutes = trial ? 3 : product.testPeriodMinutes
        var purchase = PlaySimulatedPurchase(
            token: Self.newToken(), product: product, startTime: now, expiryTime: now.adding(milliseconds: minutes * 60_000),
            inTrial: trial, orderStem: stem
        )
        if introductory {
            purchase.inIntroductoryPrice = !trial
            purchase.introductoryPeriodsLeft = trial ? product.introductoryPeriods : product.introductoryPeriods - 1
        }
        purchase.recordOrder(chargedAt: now)
        return purchase
    }

    /// Makes renewal payments of a purchase fail (or succeed again).
    public func setBillingFails(token: String, _ fails: Bool) throws {
        try update(token) { $0.billingFails = fails }
    }

    /// The customer turns auto-renew off in the Play Store.
    public func cancelByUser(token: String) throws {
        try stopRenewal(token: token, by: .user)
    }

    /// The customer schedules a pause in the Play Store: it starts when the current period ends and lasts
    /// `minutes` (Google offers a week to three months; the simulator takes any length up to a year's worth
    /// of test minutes). SUBSCRIPTION_PAUSE_SCHEDULE_CHANGED is pushed, SUBSCRIPTION_PAUSED when it starts.
    public func schedulePause(token: String, minutes: Int64) throws {
        guard (1...525_600).contains(minutes) else { throw PlaySimulatorError.invalid("a pause lasts 1 to 525600 minutes") }
        let purchase = try settled(token)
        guard purchase.phase == .active, purchase.autoRenew, !purchase.inTrial else {
            throw PlaySimulatorError.failedPrecondition("only a paid, renewing subscription can be paused")
        }
        try update(token) { $0.scheduledPauseMinutes = minutes }
        notify(.pauseScheduleChanged, token: token)
    }

    /// The customer resumes: a scheduled pause is called off; a paused subscription is charged now and a
    /// new period starts (SUBSCRIPTION_RENEWED, or account hold when the payment fails).
    public func resume(token: String) throws {
        let purchase = try settled(token)
        switch purchase.phase {
        case .active where purchase.scheduledPauseMinutes != nil:
            try update(token) { $0.scheduledPauseMinutes = nil }
            notify(.pauseScheduleChanged, token: token)
        case .paused:
            try update(token) { $0.autoResumeTime = clock.now() }
            try settled(token)
        default:
            throw PlaySimulatorError.failedPrecondition("the subscription is neither paused nor scheduled to pause")
        }
    }

    /// Google refunds the customer (a refund request granted, a chargeback; a one-time product's purchase too):
    /// access ends now, the purchase is voided (`voidedSource` 0, the user; `voidedReason` as Google numbers them, 1 remorse by default),
    /// and both SUBSCRIPTION_REVOKED and a voided purchase notification are pushed.
    public func refund(token: String, reason: Int = 1) throws {
        guard (0...8).contains(reason) else { throw PlaySimulatorError.invalid("voidedReason is 0 to 8") }
        if productPurchases[token] != nil { return try refundProduct(token: token, reason: reason) }
        var purchase = try settled(token)
        void(&purchase, at: clock.now(), by: .system, source: 0, reason: reason)
        purchase.etagVersion += 1
        purchases[token] = purchase
        notify(.revoked, token: token)
        notifyVoided(token: token, orderID: purchase.latestOrderID)
    }

    // MARK: The Developer API

    /// `purchases.subscriptionsv2.get`: the body Google sends (JSON).
    public func subscription(token: String) throws -> Data {
        try requireFinancialAccess()
        let purchase = try settled(token)
        return try JSONSerialization.data(withJSONObject: PlaySubscriptionJSON.render(purchase, now: clock.now()), options: [.sortedKeys])
    }

    /// `purchases.subscriptions.acknowledge`.
    public func acknowledge(productID: String, token: String) throws {
        let purchase = try settled(token)
        guard purchase.product.productID == productID else { throw PlaySimulatorError.invalid("the token is not for \(productID)") }
        guard purchase.phase != .expired || purchase.cancellation == .replacement else {
            throw PlaySimulatorError.failedPrecondition("the subscription has expired")
        }
        try update(token) { $0.acknowledged = true }
    }

    /// `purchases.subscriptionsv2.cancel`.
    public func cancel(token: String) throws {
        try stopRenewal(token: token, by: .developer)
    }

    /// Auto-renew off: access lasts to the end of the period; SUBSCRIPTION_CANCELED is pushed.
    private func stopRenewal(token: String, by cancellation: PlaySimulatedPurchase.Cancellation) throws {
        try settled(token)
        try update(token) { purchase in
            purchase.autoRenew = false
            purchase.cancellation = cancellation
            if purchase.phase == .active { purchase.phase = .canceled }
        }
        notify(.canceled, token: token)
    }

    /// `purchases.subscriptionsv2.revoke`: refund, and access ends now.
    public func revoke(token: String) throws {
        var purchase = try settled(token)
        void(&purchase, at: clock.now(), by: .developer, source: 1, reason: 0)
        purchase.etagVersion += 1
        purchases[token] = purchase
        notify(.revoked, token: token)
    }

    /// Ends a purchase at `time`, lists it among the voided purchases (`voidedSource` 0 user, 1 developer, 2
    /// Google; `voidedReason` as Google numbers them) and refunds its latest order (a chargeback for reason 7).
    private func void(
        _ purchase: inout PlaySimulatedPurchase, at time: Instant, by cancellation: PlaySimulatedPurchase.Cancellation,
        source: Int, reason: Int
    ) {
        purchase.phase = .expired
        purchase.autoRenew = false
        purchase.cancellation = cancellation
        purchase.scheduledPauseMinutes = nil
        purchase.autoResumeTime = nil
        purchase.expiryTime = min(purchase.expiryTime, time)
        purchase.refundLatestOrder(at: time, chargeback: reason == 7)
        voided.append(PlayVoidedEntry(
            purchaseToken: purchase.token, orderID: purchase.latestOrderID, purchaseTime: purchase.startTime, voidedTime: time,
            source: source, reason: reason
        ))
    }

    /// `purchases.subscriptionsv2.defer`: the next renewal moves later; the etag must be the current one.
    /// SUBSCRIPTION_DEFERRED is pushed.
    public func deferRenewal(token: String, etag: String, seconds: Int64) throws -> String {
        let purchase = try settled(token)
        guard etag == PlaySubscriptionJSON.etag(purchase) else { throw PlaySimulatorError.failedPrecondition("the etag is not current") }
        guard seconds > 0, seconds <= 365 * 86_400 else { throw PlaySimulatorError.invalid("deferDuration out of range") }
        try moveExpiry(token: token, to: purchase.expiryTime.adding(milliseconds: seconds * 1000))
        return PlaySubscriptionJSON.time(try settled(token).expiryTime)
    }

    /// A deferral: the current period now ends at `expiry`, and SUBSCRIPTION_DEFERRED is pushed.
    func moveExpiry(token: String, to expiry: Instant) throws {
        try update(token) { purchase in
            purchase.expiryTime = expiry
            purchase.etagVersion += 1
        }
        notify(.deferred, token: token)
    }

    /// `purchases.voidedpurchases.list`, voided at or after `startTime`: the body Google sends (JSON, one page).
    /// `type` 0 (Google's default) lists voided one-time products only; 1 lists subscriptions too.
    public func voidedPurchases(since startTime: Int64, type: Int = 0) throws -> Data {
        guard type == 0 || type == 1 else { throw PlaySimulatorError.invalid("type must be 0 or 1") }
        try requireFinancialAccess()
        for token in purchases.keys { _ = try? settled(token) }
        for token in productPurchases.keys { _ = try? settledProduct(token: token) }
        let entries = voided
            .filter { $0.voidedTime.milliseconds >= startTime && (type == 1 || purchases[$0.purchaseToken] == nil) }
            .map(\.json)
        return try JSONSerialization.data(withJSONObject: ["voidedPurchases": entries], options: [.sortedKeys])
    }

    // MARK: State

    private func update(_ token: String, _ change: (inout PlaySimulatedPurchase) -> Void) throws {
        guard var purchase = purchases[token] else { throw PlaySimulatorError.notFound("The purchase token was not found.") }
        change(&purchase)
        purchase.etagVersion += 1
        purchases[token] = purchase
    }

    /// The purchase's first order id (`GPA.…`; its renewals' are this followed by `..N`), as Play Billing gives
    /// it to the app with the purchase.
    public func orderID(token: String) throws -> String {
        guard let purchase = purchases[token] else { throw PlaySimulatorError.notFound("The purchase token was not found.") }
        return purchase.orderStem
    }

    /// The purchase with everything time has done to it up to now.
    @discardableResult
    func settled(_ token: String) throws -> PlaySimulatedPurchase {
        guard var purchase = purchases[token] else { throw PlaySimulatorError.notFound("The purchase token was not found.") }
        let before = purchase
        let now = clock.now()
        let deadline = purchase.startTime.adding(milliseconds: Self.acknowledgementMinutes * 60_000)
        if !purchase.acknowledged, deadline <= now {
            // Google refunds first what falls due at the deadline: the refund is of the order the purchase
            // went unacknowledged with, never of a renewal due at the same instant.
            PlayLifecycle.advance(&purchase, to: deadline.adding(milliseconds: -1))
            if purchase.phase != .expired {
                // Reason 8: the purchase was never acknowledged.
                void(&purchase, at: deadline, by: .system, source: 2, reason: 8)
                notifyVoided(token: token, orderID: purchase.latestOrderID)
            }
        }
        PlayLifecycle.advance(&purchase, to: now)
        if purchase != before {
            purchase.etagVersion += 1
            notifyTransition(from: before, to: purchase)
        }
        purchases[token] = purchase
        return purchase
    }

    static func newToken() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        let head = String((0..<24).map { _ in alphabet.randomElement()! })
        let tail = (0..<3).map { _ in String((0..<40).map { _ in (alphabet + Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")).randomElement()! }) }
        return head + ".AO-J1O" + tail.joined(separator: "")
    }
}
