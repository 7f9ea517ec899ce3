import PerennialCore

extension AppStoreSimulator {
    /// Buys a product, as StoreKit would for this account.
    ///
    /// - An auto-renewable subscription starts now (with the trial or intro offer if asked and eligible:
    ///   one offer per subscription group and account). When the account already subscribes to the group,
    ///   the purchase is a product change (see `changeProduct`); when its subscription in the group
    ///   expired, it restarts under the same original transaction id.
    /// - Consumables, non-consumables and non-renewing subscriptions add one transaction to `in_app`; a
    ///   non-consumable can be owned once.
    public func purchase(
        account: String, bundleID: String, productID: String, environment: StoreEnvironment = .sandbox,
        offer: SimulatorOffer = .none
    ) throws -> PurchaseResult {
        let now = catchUp()
        try Self.checkAccount(account)
        guard environment == .sandbox || environment == .production else {
            throw SimulatorError.invalidRequest("environment must be sandbox or production")
        }
        let product = try availableProduct(bundleID, productID)
        let owner = ReceiptOwner(environment: environment, account: account, bundleID: bundleID)
        guard product.type == .autoRenewable else {
            return try buyOnce(product, owner: owner, offer: offer, at: now)
        }
        let existing = state.purchasedSubscription(of: owner, group: product.group)
        if let existing, existing.phase.isLive {
            guard offer == .none else {
                throw SimulatorError.conflict("not_eligible", "an active subscriber cannot take an introductory offer")
            }
            let change = try changeProduct(originalTransactionID: existing.originalTransactionID, to: productID)
            return PurchaseResult(
                originalTransactionID: existing.originalTransactionID, transactionID: change.transactionID,
                receiptData: owner.token.receiptData, environment: environment, productChange: change)
        }
        try checkOffer(offer, product: product, usedBefore: existing?.usedIntroductoryOffer ?? false)
        let events = state.apply(
            .subscribe(owner, productID: productID, offer: offer, resubscribing: existing?.originalTransactionID), at: now)
        return try result(of: events, owner: owner)
    }

    private func buyOnce(
        _ product: SimulatorProduct, owner: ReceiptOwner, offer: SimulatorOffer, at now: Instant
    ) throws -> PurchaseResult {
        guard offer == .none else {
            throw SimulatorError.invalidRequest("only auto-renewable subscriptions have offers")
        }
        if product.type == .nonConsumable {
            let owned = (state.accounts[owner]?.transactionIDs ?? []).contains { id in
                guard let transaction = state.transactions[id] else { return false }
                return transaction.productID == product.id && transaction.cancellationDate == nil
            }
            if owned { throw SimulatorError.conflict("already_owned", "\(owner.account) already owns \(product.id)") }
        }
        return try result(of: state.apply(.buyOnce(owner, productID: product.id), at: now), owner: owner)
    }

    private func checkOffer(_ offer: SimulatorOffer, product: SimulatorProduct, usedBefore: Bool) throws {
        switch offer {
        case .none:
            return
        case .trial where product.trialPeriod == nil, .intro where product.introOffer == nil:
            throw SimulatorError.invalidRequest("\(product.id) has no \(offer.rawValue) offer")
        case .trial, .intro:
            if usedBefore {
                throw SimulatorError.conflict("not_eligible", "the account already used an introductory offer in this group")
            }
        }
    }

    func availableProduct(_ bundleID: String, _ productID: String) throws -> SimulatorProduct {
        guard state.app(bundleID) != nil else {
            throw SimulatorError.notFound("unknown_app", "no app with bundle_id \(bundleID)")
        }
        guard let product = state.product(bundleID, productID) else {
            throw SimulatorError.notFound("unknown_product", "\(bundleID) sells no product \(productID)")
        }
        guard state.isAvailable(bundleID, productID) else {
            throw SimulatorError.conflict("product_unavailable", "\(productID) is not for sale")
        }
        return product
    }

    private func result(of events: [SimulatorEvent], owner: ReceiptOwner) throws -> PurchaseResult {
        guard let event = events.first, let transactionID = event.transactionID else {
            throw SimulatorError.conflict("not_purchased", "the purchase did not happen")
        }
        return PurchaseResult(
            originalTransactionID: event.originalTransactionID, transactionID: transactionID,
            receiptData: owner.token.receiptData, environment: owner.environment)
    }

    static func checkAccount(_ account: String) throws {
        guard !account.isEmpty, account.count <= 256, !account.contains(where: { $0.isNewline || $0 == "\u{0}" })
        else {
            throw SimulatorError.invalidRequest("account must be 1 to 256 characters on one line")
        }
    }
}
