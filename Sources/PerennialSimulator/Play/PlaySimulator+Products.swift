import Foundation
import PerennialCore

extension PlaySimulator {
    /// A one-time product bought on a device (a consumable or a non-consumable of the app); returns its
    /// purchase token. ONE_TIME_PRODUCT_PURCHASED is pushed. Left unacknowledged for 5 minutes (Google's
    /// three days, accelerated), it is refunded.
    public func buyProduct(productID: String, obfuscatedAccountID: String? = nil) throws -> String {
        guard oneTimeProductIDs.contains(productID) else { throw PlaySimulatorError.notFound("no one-time product \(productID)") }
        let token = Self.newToken()
        productPurchases[token] = PlaySimulatedProductPurchase(
            token: token, productID: productID,
            orderID: "GPA.\(nextOrder)-\(Int.random(in: 1_000...9_999))-\(Int.random(in: 1_000...9_999))-\(Int.random(in: 10_000...99_999))",
            purchaseTime: clock.now(), obfuscatedAccountID: obfuscatedAccountID
        )
        nextOrder += 1
        notifyProduct(type: 1, token: token, productID: productID)
        return token
    }

    /// `purchases.products.get`: the body Google sends (JSON).
    public func productPurchase(productID: String, token: String) throws -> Data {
        try requireFinancialAccess()
        let purchase = try settledProduct(productID: productID, token: token)
        var body: [String: Any] = [
            "kind": "androidpublisher#productPurchase", "productId": purchase.productID, "orderId": purchase.orderID,
            "purchaseTimeMillis": "\(purchase.purchaseTime.milliseconds)", "purchaseState": purchase.canceled ? 1 : 0,
            "consumptionState": purchase.consumed ? 1 : 0, "acknowledgementState": purchase.acknowledged ? 1 : 0,
            "purchaseType": 0, "quantity": 1, "regionCode": "US",
        ]
        if let account = purchase.obfuscatedAccountID { body["obfuscatedExternalAccountId"] = account }
        return try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])
    }

    /// `purchases.products.acknowledge`.
    public func acknowledgeProduct(productID: String, token: String) throws {
        let purchase = try settledProduct(productID: productID, token: token)
        guard !purchase.canceled else { throw PlaySimulatorError.failedPrecondition("the purchase was refunded") }
        productPurchases[token]?.acknowledged = true
    }

    /// `purchases.products.consume`: a consumable may be bought again (consuming also acknowledges).
    public func consumeProduct(productID: String, token: String) throws {
        let purchase = try settledProduct(productID: productID, token: token)
        guard !purchase.canceled else { throw PlaySimulatorError.failedPrecondition("the purchase was refunded") }
        productPurchases[token]?.consumed = true
        productPurchases[token]?.acknowledged = true
    }

    /// Google refunds a one-time product's purchase: it is voided (`voidedSource` 0, `voidedReason` as given)
    /// and a voided purchase notification of product type 2 is pushed.
    func refundProduct(token: String, reason: Int) throws {
        guard let purchase = productPurchases[token] else { throw PlaySimulatorError.notFound("The purchase token was not found.") }
        voidProduct(purchase, at: clock.now(), source: 0, reason: reason)
    }

    /// Brings a product purchase up to now: one nobody acknowledged in time is refunded (reason 8).
    @discardableResult
    func settledProduct(productID: String? = nil, token: String) throws -> PlaySimulatedProductPurchase {
        guard let purchase = productPurchases[token], productID == nil || productID == purchase.productID else {
            throw PlaySimulatorError.notFound("The purchase token was not found.")
        }
        let deadline = purchase.purchaseTime.adding(milliseconds: Self.acknowledgementMinutes * 60_000)
        if !purchase.acknowledged, !purchase.canceled, clock.now() >= deadline {
            voidProduct(purchase, at: deadline, source: 2, reason: 8)
        }
        return productPurchases[token] ?? purchase
    }

    private func voidProduct(_ purchase: PlaySimulatedProductPurchase, at time: Instant, source: Int, reason: Int) {
        productPurchases[purchase.token]?.canceled = true
        voided.append(PlayVoidedEntry(
            purchaseToken: purchase.token, orderID: purchase.orderID, purchaseTime: purchase.purchaseTime, voidedTime: time,
            source: source, reason: reason
        ))
        enqueue(["voidedPurchaseNotification": ["purchaseToken": purchase.token, "orderId": purchase.orderID, "productType": 2, "refundType": 1]])
    }
}
