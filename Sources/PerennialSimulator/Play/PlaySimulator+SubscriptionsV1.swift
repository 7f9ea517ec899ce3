import Foundation
import PerennialCore

extension PlaySimulator {
    /// The longest deferral Google grants at once: a year.
    static let longestDeferralMilliseconds: Int64 = 365 * 86_400_000

    /// `purchases.subscriptions.get` (v1, deprecated by Google, still served): the `SubscriptionPurchase` Google
    /// sends (JSON). The token must be a purchase of `productID`.
    public func subscriptionV1(productID: String, token: String) throws -> Data {
        try requireFinancialAccess()
        let purchase = try settledV1(productID: productID, token: token)
        return try JSONSerialization.data(withJSONObject: PlaySubscriptionV1JSON.render(purchase), options: [.sortedKeys])
    }

    /// `purchases.subscriptions.cancel` (v1): as `purchases.subscriptionsv2.cancel`, renewal stops and access
    /// lasts to the end of the period.
    public func cancelV1(productID: String, token: String) throws {
        try settledV1(productID: productID, token: token)
        try cancel(token: token)
    }

    /// `purchases.subscriptions.defer` (v1): the current period ends at `desired` instead, provided it ends at
    /// `expected` now (what the caller last read) and `desired` is later, by at most a year. Returns
    /// `newExpiryTimeMillis`; SUBSCRIPTION_DEFERRED is pushed.
    public func deferV1(productID: String, token: String, expected: Int64, desired: Int64) throws -> Int64 {
        let purchase = try settledV1(productID: productID, token: token)
        guard purchase.phase == .active || purchase.phase == .canceled else {
            throw PlaySimulatorError.failedPrecondition("only a subscription in its paid or trial period can be deferred")
        }
        let current = PlaySubscriptionV1JSON.expiry(purchase).milliseconds
        guard expected == current else {
            throw PlaySimulatorError.failedPrecondition("expectedExpiryTimeMillis is not the subscription's expiry time (\(current))")
        }
        guard desired > current, desired - current <= Self.longestDeferralMilliseconds else {
            throw PlaySimulatorError.invalid("desiredExpiryTimeMillis must be later than the expiry time, by at most a year")
        }
        try moveExpiry(token: token, to: Instant(milliseconds: desired))
        return desired
    }

    /// The purchase of `token` brought up to now; refused when it is not a purchase of `productID`.
    @discardableResult
    private func settledV1(productID: String, token: String) throws -> PlaySimulatedPurchase {
        let purchase = try settled(token)
        guard purchase.product.productID == productID else { throw PlaySimulatorError.invalid("the token is not for \(productID)") }
        return purchase
    }
}
