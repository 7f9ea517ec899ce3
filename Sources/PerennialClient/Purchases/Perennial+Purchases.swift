import Foundation

extension Perennial {
    /// Buys `productID` with StoreKit, sends the verified transaction to the server, and finishes it only
    /// once the server answered 200 or 202. The server's signed word on introductory-offer eligibility goes
    /// with the purchase (a trial used on another store counts), and so does the customer's app account token.
    /// - Parameters:
    ///   - promotionalOfferID: a promotional offer the server signs for this customer (403 `offer_not_eligible`
    ///     when they may not have it).
    ///   - winBackOfferID: a win-back offer StoreKit lists for the customer (iOS 18 and later).
    public func purchase(
        productID: String, promotionalOfferID: String? = nil, winBackOfferID: String? = nil
    ) async throws(PerennialClientError) -> PurchaseResult {
        var options = try await purchaseOptions(productID: productID, promotionalOfferID: promotionalOfferID)
        options.winBackOfferID = winBackOfferID
        return try await purchase(productID: productID, options: options)
    }

    /// Buys with options made by the app (a promotional offer signed elsewhere, for instance).
    public func purchase(productID: String, options: StorePurchaseOptions) async throws(PerennialClientError) -> PurchaseResult {
        guard let store else { throw .storeUnavailable }
        let outcome: StorePurchaseOutcome
        do {
            outcome = try await store.purchase(productID: productID, options: options)
        } catch let error as PerennialClientError {
            throw error
        } catch {
            throw .purchaseFailed(String(describing: error))
        }
        switch outcome {
        case .cancelled: return PurchaseResult(status: .cancelled)
        case .pending: return PurchaseResult(status: .awaitingApproval)
        case .purchased(let transaction):
            switch await deliver(transaction) {
            case .delivered(let status, let customer):
                return PurchaseResult(status: status == "validated" ? .validated : .pending, transaction: transaction, customerInfo: customer)
            case .awaitingServer:
                return PurchaseResult(status: .awaitingServer, transaction: transaction, customerInfo: nil)
            case .refused(let error):
                throw error
            }
        }
    }

    /// The options of a purchase by the current customer: their app account token, the server's
    /// introductory-offer statement (left out when the server cannot give one: StoreKit then decides alone),
    /// and the promotional offer signed by the server.
    func purchaseOptions(productID: String, promotionalOfferID: String?) async throws(PerennialClientError) -> StorePurchaseOptions {
        let token = appAccountToken(for: appUserID)
        var options = StorePurchaseOptions(appAccountToken: token)
        options.introductoryOfferEligibility = try? await api.introductoryEligibility(appUserID, productID: productID).signedStatement
        if let promotionalOfferID {
            options.promotionalOffer = try await api.signOffer(
                appUserID, productID: productID, offerID: promotionalOfferID, applicationUsername: token.uuidString.lowercased())
        }
        return options
    }

    /// Restores purchases onto the current customer: asks the store to sync (the customer may be asked to
    /// sign in), then sends the latest transaction of everything the store account owns. On the server the
    /// purchases move to this customer (or stay, under the app's `keep_with_original` policy).
    public func restorePurchases() async throws(PerennialClientError) -> CustomerInfo {
        guard let store else { throw .storeUnavailable }
        do { try await store.sync() } catch { throw .purchaseFailed("the store could not sync: \(error)") }
        var waiting: PerennialClientError?
        for transaction in await store.currentEntitlements() {
            if case .awaitingServer(let error) = await deliver(transaction) { waiting = error }
        }
        if let waiting { throw waiting }
        return try await customerInfo(.fromServer)
    }

    /// The server's signed statement on whether the customer may still have `productID`'s introductory
    /// offer, counting every store.
    public func introductoryOfferEligibility(productID: String) async throws(PerennialClientError) -> IntroductoryOfferEligibility {
        try await api.introductoryEligibility(appUserID, productID: productID)
    }

    /// A promotional offer signed by the server for the current customer (for apps that build StoreKit's
    /// purchase options themselves).
    public func promotionalOfferSignature(productID: String, offerID: String) async throws(PerennialClientError) -> PromotionalOfferSignature {
        try await api.signOffer(appUserID, productID: productID, offerID: offerID,
                                applicationUsername: appAccountToken(for: appUserID).uuidString.lowercased())
    }
}
