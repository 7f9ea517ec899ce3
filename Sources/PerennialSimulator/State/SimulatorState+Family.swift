import PerennialCore

extension SimulatorState {
    /// The member gets a subscription of its own (its own original transaction id, FAMILY_SHARED) that
    /// mirrors the purchaser's periods from the current one on.
    mutating func performShareWithFamily(_ id: String, member: String, at instant: Instant) -> [EventDraft] {
        guard var purchaser = subscriptions[id], purchaser.sharedFrom == nil, purchaser.familyMembers[member] == nil
        else { return [] }
        let memberOwner = ReceiptOwner(
            environment: purchaser.owner.environment, account: member, bundleID: purchaser.owner.bundleID)
        let memberID = newTransactionID()
        var shared = SimulatedSubscription(
            originalTransactionID: memberID, owner: memberOwner, group: purchaser.group,
            productID: purchaser.productID, renewalProductID: purchaser.renewalProductID,
            expiresDate: purchaser.expiresDate, recentStartDate: instant)
        shared.ownership = .familyShared
        shared.sharedFrom = id
        shared.mirrorStartIndex = max(0, purchaser.transactionIDs.count - 1)
        subscriptions[memberID] = shared
        purchaser.familyMembers[member] = memberID
        subscriptions[id] = purchaser
        _ = syncMember(memberID, purchaser: id, mirroring: [], at: instant)
        guard let synced = subscriptions[memberID] else { return [] }
        return [
            draft(
                .familyShare, synced, transactionID: synced.latestTransactionID,
                details: ["purchaser_account": purchaser.owner.account, "purchaser_original_transaction_id": id])
        ]
    }

    /// The member loses access: every transaction of its shared subscription gets a cancellation date.
    mutating func performRevokeFamilyMember(_ id: String, member: String, at instant: Instant) -> [EventDraft] {
        guard var purchaser = subscriptions[id], let memberID = purchaser.familyMembers.removeValue(forKey: member),
            var shared = subscriptions[memberID]
        else { return [] }
        subscriptions[id] = purchaser
        for transactionID in shared.transactionIDs where transactions[transactionID]?.cancellationDate == nil {
            transactions[transactionID]?.cancellationDate = instant
        }
        shared.phase = .revoked(at: instant)
        shared.autoRenew = false
        subscriptions[memberID] = shared
        return [
            draft(
                .familyRevoke, shared, transactionID: shared.latestTransactionID,
                details: ["purchaser_original_transaction_id": id])
        ]
    }

    /// Copies the purchaser's new transactions and state to one member, and returns the member's copy of
    /// the purchaser's events. A purchaser's product that is no longer family shareable revokes the member.
    mutating func syncMember(
        _ memberID: String, purchaser id: String, mirroring drafts: [EventDraft], at instant: Instant
    ) -> [EventDraft] {
        guard let purchaser = subscriptions[id], var member = subscriptions[memberID] else { return [] }
        for (index, sourceID) in purchaser.transactionIDs.enumerated()
        where index >= member.mirrorStartIndex && member.mirrored[sourceID] == nil {
            guard let source = transactions[sourceID] else { continue }
            let mirrorID = member.transactionIDs.isEmpty ? memberID : newTransactionID()
            var mirror = source
            mirror.owner = member.owner
            mirror.transactionID = mirrorID
            mirror.originalTransactionID = memberID
            mirror.webOrderLineItemID = newWebOrderLineItemID()
            mirror.originalPurchaseDate = originalPurchaseDate(of: member) ?? source.purchaseDate
            mirror.ownership = .familyShared
            insert(mirror, for: member.owner, at: instant)
            member.mirrored[sourceID] = mirrorID
            member.transactionIDs.append(mirrorID)
        }
        for (sourceID, mirrorID) in member.mirrored {
            guard let source = transactions[sourceID] else { continue }
            transactions[mirrorID]?.cancellationDate = source.cancellationDate
            transactions[mirrorID]?.cancellationReason = source.cancellationReason
            transactions[mirrorID]?.isUpgraded = source.isUpgraded
            transactions[mirrorID]?.expiresDate = source.expiresDate
        }
        member.productID = purchaser.productID
        member.renewalProductID = purchaser.renewalProductID
        member.autoRenew = purchaser.autoRenew
        member.phase = purchaser.phase
        member.expiresDate = purchaser.expiresDate
        member.priceConsent = purchaser.priceConsent
        member.offer = purchaser.offer
        member.graceExpiryRecorded = purchaser.graceExpiryRecorded
        member.renewalCount += drafts.filter { $0.kind == .renewal || $0.kind == .recovery }.count
        subscriptions[memberID] = member

        if product(purchaser.owner.bundleID, purchaser.productID)?.familyShareable != true {
            return performRevokeFamilyMember(id, member: member.owner.account, at: instant)
        }
        return drafts.map { source in
            var details = source.details
            details["purchaser_original_transaction_id"] = id
            let kind: SimulatorEventKind = source.kind == .refund ? .familyRevoke : source.kind
            return EventDraft(
                kind: kind, owner: member.owner, originalTransactionID: memberID,
                transactionID: source.transactionID.flatMap { member.mirrored[$0] }, productID: source.productID,
                details: details)
        }
    }
}
