import PerennialCore

extension AppStoreSimulator {
    /// Moves a subscription to another product of its group, as the App Store does:
    /// - upgrade (to a higher level): now; the current transaction gets `cancellation_date` and
    ///   `is_upgraded`, a new transaction starts now under the same original transaction id;
    /// - crossgrade (same level) to a product of the same duration: now, like an upgrade;
    /// - downgrade, or crossgrade to another duration: at the next renewal (`auto_renew_product_id` until then);
    /// - back to the current product while a change is pending: withdraws the pending change.
    @discardableResult
    public func changeProduct(originalTransactionID id: String, to productID: String) throws -> ProductChangeResult {
        let now = catchUp()
        let subscription = try purchasedSubscription(id)
        guard subscription.phase == .active else {
            throw SimulatorError.conflict("not_active", "subscription \(id) is not active")
        }
        let bundleID = subscription.owner.bundleID
        let target = try availableProduct(bundleID, productID)
        guard target.type == .autoRenewable, target.group == subscription.group else {
            throw SimulatorError.invalidRequest("\(productID) is not in subscription group \(subscription.group)")
        }
        let current = state.product(bundleID, subscription.productID)
        if productID == subscription.productID {
            guard subscription.renewalProductID != productID else {
                throw SimulatorError.conflict("same_product", "subscription \(id) is already on \(productID)")
            }
            let pending = state.product(bundleID, subscription.renewalProductID)
            apply(.cancelPendingChange(id), at: now)
            return ProductChangeResult(
                kind: Self.classify(from: pending, to: target), immediate: true,
                fromProductID: subscription.renewalProductID, toProductID: productID,
                transactionID: subscription.latestTransactionID)
        }
        let kind = Self.classify(from: current, to: target)
        let immediate = kind == .upgrade || (kind == .crossgrade && current?.period == target.period)
        let events = apply(.changeProduct(id, to: productID, kind: kind, immediate: immediate), at: now)
        return ProductChangeResult(
            kind: kind, immediate: immediate, fromProductID: subscription.productID, toProductID: productID,
            transactionID: events.first?.transactionID ?? subscription.latestTransactionID)
    }

    /// Level 1 is the highest; products without a level rank as equals.
    static func classify(from current: SimulatorProduct?, to target: SimulatorProduct) -> ProductChangeKind {
        guard let from = current?.groupLevel, let to = target.groupLevel, from != to else { return .crossgrade }
        return to < from ? .upgrade : .downgrade
    }
}
