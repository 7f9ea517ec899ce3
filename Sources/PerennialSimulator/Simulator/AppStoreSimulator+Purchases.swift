import Foundation
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
    ///
    /// `appAccountToken` (a UUID) is the token the app passes to StoreKit; the signed transactions carry it.
    ///
    /// `promotionalOffer` redeems a signed promotional offer of the product (throws `PromotionalOfferError`
    /// when the App Store would refuse it). A new or lapsed subscription starts under the offer now; a current
    /// subscriber of the same product gets it from the next renewal (auto-renew turns back on) and the result
    /// names the current transaction. Redeeming on a product change is not simulated (`invalid_request`).
    /// The result's `receiptData` is the account's PKCS#7 receipt right after the purchase.
    public func purchase(
        account: String, bundleID: String, productID: String, environment: StoreEnvironment = .sandbox,
        offer: SimulatorOffer = .none, appAccountToken: String? = nil,
        promotionalOffer: PromotionalOfferRequest? = nil
    ) throws -> PurchaseResult {
        let now = catchUp()
        try Self.checkAccount(account)
        let token = try appAccountToken.map(Self.checkAppAccountToken)
        guard environment == .sandbox || environment == .production else {
            throw SimulatorError.invalidRequest("environment must be sandbox or production")
        }
        let product = try availableProduct(bundleID, productID)
        let owner = ReceiptOwner(environment: environment, account: account, bundleID: bundleID)
        guard product.type == .autoRenewable else {
            if promotionalOffer != nil {
                throw SimulatorError.invalidRequest("only auto-renewable subscriptions have promotional offers")
            }
            return try buyOnce(product, owner: owner, offer: offer, appAccountToken: token, at: now)
        }
        let existing = state.purchasedSubscription(of: owner, group: product.group)
        var promotion: (offer: SimulatorPromotionalOffer, nonceKey: String)?
        if let promotionalOffer {
            guard offer == .none else {
                throw SimulatorError.invalidRequest("a purchase takes an introductory or a promotional offer, not both")
            }
            let checked = try checkPromotionalOffer(
                promotionalOffer, product: product, owner: owner, appAccountToken: token, at: now)
            if let existing, existing.phase.isLive {
                guard existing.productID == productID, existing.renewalProductID == productID else {
                    throw SimulatorError.invalidRequest("redeeming a promotional offer with a product change is not simulated")
                }
                return try redeemForCurrentSubscriber(
                    existing, offer: checked.offer, nonceKey: checked.nonceKey, owner: owner, at: now)
            }
            promotion = checked
        }
        if let existing, existing.phase.isLive {
            guard offer == .none else {
                throw SimulatorError.conflict("not_eligible", "an active subscriber cannot take an introductory offer")
            }
            let change = try changeProduct(originalTransactionID: existing.originalTransactionID, to: productID)
            return PurchaseResult(
                originalTransactionID: existing.originalTransactionID, transactionID: change.transactionID,
                receiptData: state.receiptData(for: owner, at: now), environment: environment,
                orderID: state.transactions[change.transactionID]?.orderID,
                signedTransactionInfo: state.signedTransaction(change.transactionID, signedDate: now),
                productChange: change)
        }
        try checkOffer(offer, product: product, usedBefore: existing?.usedIntroductoryOffer ?? false)
        if let promotion { state.usedOfferNonces.insert(promotion.nonceKey) }
        let events = apply(
            .subscribe(
                owner, productID: productID, offer: offer, resubscribing: existing?.originalTransactionID,
                appAccountToken: token, promotionalOffer: promotion?.offer.id),
            at: now)
        return try result(of: events, owner: owner, at: now)
    }

    private func buyOnce(
        _ product: SimulatorProduct, owner: ReceiptOwner, offer: SimulatorOffer, appAccountToken: String?,
        at now: Instant
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
        let events = apply(.buyOnce(owner, productID: product.id, appAccountToken: appAccountToken), at: now)
        return try result(of: events, owner: owner, at: now)
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

    private func result(of events: [SimulatorEvent], owner: ReceiptOwner, at now: Instant) throws -> PurchaseResult {
        guard let event = events.first, let transactionID = event.transactionID else {
            throw SimulatorError.conflict("not_purchased", "the purchase did not happen")
        }
        return PurchaseResult(
            originalTransactionID: event.originalTransactionID, transactionID: transactionID,
            receiptData: state.receiptData(for: owner, at: now), environment: owner.environment,
            orderID: state.transactions[transactionID]?.orderID,
            signedTransactionInfo: state.signedTransaction(transactionID, signedDate: now))
    }

    /// A UUID, lowercased.
    static func checkAppAccountToken(_ text: String) throws -> String {
        guard let uuid = UUID(uuidString: text) else {
            throw SimulatorError.invalidRequest("app_account_token must be a UUID")
        }
        return uuid.uuidString.lowercased()
    }

    static func checkAccount(_ account: String) throws {
        guard !account.isEmpty, account.count <= 256, !account.contains(where: { $0.isNewline || $0 == "\u{0}" })
        else {
            throw SimulatorError.invalidRequest("account must be 1 to 256 characters on one line")
        }
    }
}
