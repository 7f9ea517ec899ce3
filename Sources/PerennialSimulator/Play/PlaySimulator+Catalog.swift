import Foundation

extension PlaySimulator {
    /// `monetization.subscriptions.list`: each product with its one base plan and that plan's state.
    public func catalogSubscriptions() throws -> Data {
        try json(["subscriptions": products.values.sorted { $0.productID < $1.productID }.map { product in
            [
                "packageName": packageName, "productId": product.productID,
                "basePlans": [[
                    "basePlanId": product.basePlanID, "state": basePlanStates[product.productID] ?? "ACTIVE",
                    "autoRenewingBasePlanType": ["billingPeriodDuration": product.billingPeriod],
                ]],
            ] as [String: Any]
        }])
    }

    /// `monetization.subscriptions.basePlans.offers.list` (`basePlanID` `-` for every base plan): the free
    /// trial and introductory price offers, active while their base plan is.
    public func catalogOffers(productID: String, basePlanID: String) throws -> Data {
        guard let product = products[productID] else { throw PlaySimulatorError.notFound("No subscription \(productID).") }
        guard basePlanID == "-" || basePlanID == product.basePlanID else {
            throw PlaySimulatorError.notFound("No base plan \(basePlanID).")
        }
        let state = basePlanStates[productID] ?? "ACTIVE"
        let offers = [product.freeTrialOfferID, product.introductoryOfferID].compactMap { $0 }.map { offerID in
            ["packageName": packageName, "productId": productID, "basePlanId": product.basePlanID, "offerId": offerID, "state": state]
        }
        return try json(["subscriptionOffers": offers])
    }

    private func json(_ object: [String: Any]) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    /// Sets a product's base plan state as Play Console would (`ACTIVE`, `INACTIVE`, `DRAFT`).
    public func setBasePlanState(productID: String, _ state: String) throws {
        guard products[productID] != nil else { throw PlaySimulatorError.notFound("no product \(productID)") }
        guard ["ACTIVE", "INACTIVE", "DRAFT"].contains(state) else { throw PlaySimulatorError.invalid("state is ACTIVE, INACTIVE or DRAFT") }
        basePlanStates[productID] = state
    }

    /// Takes away (or gives back) the service account's 'View financial data' permission: the purchase and
    /// voided purchase calls then answer 401, as Google does.
    public func setFinancialAccess(_ allowed: Bool) {
        financialAccess = allowed
    }

    /// Throws Google's answer to a service account without financial access.
    func requireFinancialAccess() throws {
        guard financialAccess else {
            throw PlaySimulatorError(
                httpStatus: 401, status: "PERMISSION_DENIED", reason: "permissionDenied",
                message: "The current user has insufficient permissions to perform the requested operation."
            )
        }
    }
}
