import PerennialCore

extension AppStoreSimulator {
    /// Shares a family-shareable subscription with another account of the same app and environment. The
    /// member's receipt then holds FAMILY_SHARED transactions under its own original transaction id,
    /// following the purchaser's periods. Returns the member's ids and receipt.
    public func shareWithFamily(originalTransactionID id: String, member: String) throws -> PurchaseResult {
        let now = catchUp()
        try Self.checkAccount(member)
        let purchaser = try purchasedSubscription(id)
        guard purchaser.phase.isLive else {
            throw SimulatorError.conflict("not_active", "subscription \(id) has ended")
        }
        guard state.product(purchaser.owner.bundleID, purchaser.productID)?.familyShareable == true else {
            throw SimulatorError.conflict("not_family_shareable", "\(purchaser.productID) is not family shareable")
        }
        guard member != purchaser.owner.account, purchaser.familyMembers[member] == nil else {
            throw SimulatorError.conflict("already_shared", "\(member) already has access to subscription \(id)")
        }
        let events = apply(.shareWithFamily(id, member: member), at: now)
        guard let event = events.first, let transactionID = event.transactionID else {
            throw SimulatorError.conflict("not_shared", "subscription \(id) could not be shared")
        }
        let owner = ReceiptOwner(environment: purchaser.owner.environment, account: member, bundleID: purchaser.owner.bundleID)
        return PurchaseResult(
            originalTransactionID: event.originalTransactionID, transactionID: transactionID,
            receiptData: state.receiptData(for: owner, at: now), environment: owner.environment,
            orderID: state.transactions[transactionID]?.orderID,
            signedTransactionInfo: state.signedTransaction(transactionID, signedDate: now))
    }

    /// Stops sharing with a member: the member's transactions get a cancellation date now. Returns the
    /// member's (revoked) subscription.
    @discardableResult
    public func stopSharing(originalTransactionID id: String, member: String) throws -> SubscriptionSummary {
        let now = catchUp()
        let purchaser = try purchasedSubscription(id)
        guard let memberID = purchaser.familyMembers[member] else {
            throw SimulatorError.notFound("unknown_member", "subscription \(id) is not shared with \(member)")
        }
        apply(.revokeFamilyMember(id, member: member), at: now)
        return try subscription(originalTransactionID: memberID)
    }
}
