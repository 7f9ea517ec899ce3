/// A simulated order as `orders.get` and `orders.batchGet` return it (Google's `Order`): one subscription line
/// item, US buyers with tax on top of the listed price, times RFC 3339 with milliseconds, money as `Money`.
enum PlayOrderJSON {
    static func render(_ order: PlaySimulatedOrder) -> [String: Any] {
        let time = PlaySubscriptionJSON.time
        let money = { (micros: Int64) in PlayMicros.json(micros, currency: order.currency) }
        var subscription: [String: Any] = [
            "basePlanId": order.basePlanID, "offerPhase": order.offerPhase.rawValue,
            "offerPhaseDetails": [phaseDetailsKey(order.offerPhase): [String: Any]()],
            "servicePeriodStartTime": time(order.servicePeriodStart), "servicePeriodEndTime": time(order.servicePeriodEnd),
        ]
        if let offerID = order.offerID { subscription["offerId"] = offerID }
        let lineItem: [String: Any] = [
            "productId": order.productID, "productTitle": order.productID, "listingPrice": money(order.listingPriceMicros),
            "total": money(order.totalMicros), "tax": money(order.taxMicros), "subscriptionDetails": subscription,
        ]
        var history: [String: Any] = ["processedEvent": ["eventTime": time(order.createTime)]]
        if let refund = order.refund {
            history["refundEvent"] = [
                "eventTime": time(refund.time), "refundReason": refund.chargeback ? "CHARGEBACK" : "OTHER",
                "refundDetails": ["total": money(order.totalMicros), "tax": money(order.taxMicros)],
            ] as [String: Any]
        }
        return [
            "orderId": order.orderID, "purchaseToken": order.purchaseToken, "state": order.refund == nil ? "PROCESSED" : "REFUNDED",
            "createTime": time(order.createTime), "lastEventTime": time(order.refund?.time ?? order.createTime),
            "buyerAddress": ["buyerCountry": "US"], "total": money(order.totalMicros), "tax": money(order.taxMicros),
            "orderDetails": ["taxInclusive": false], "lineItems": [lineItem], "orderHistory": history,
            "developerRevenueInBuyerCurrency": money(order.developerRevenueMicros), "salesChannel": "IN_APP",
        ]
    }

    /// The `OfferPhaseDetails` field naming the phase.
    private static func phaseDetailsKey(_ phase: PlayOfferPhase) -> String {
        switch phase {
        case .base: "baseDetails"
        case .introductory: "introductoryPriceDetails"
        case .freeTrial: "freeTrialDetails"
        }
    }
}
