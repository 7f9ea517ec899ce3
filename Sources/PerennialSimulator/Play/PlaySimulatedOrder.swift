import PerennialCore

/// One charge of a Play subscription, as the Orders API reports it: the first purchase (order id the stem,
/// `GPA.…`) or a renewal (`GPA.…..N`), the period it pays for, at the price of that period's phase with the
/// product's sales tax on top, and its refund when the purchase was voided.
struct PlaySimulatedOrder: Sendable, Hashable, Codable {
    /// A full refund of the order.
    struct Refund: Sendable, Hashable, Codable {
        var time: Instant
        /// A chargeback (`voidedReason` 7) rather than a refund for another reason.
        var chargeback: Bool
    }

    /// Google's service fee on a subscription's price, 15%: the developer keeps the rest.
    static let developerShareBasisPoints = 8_500

    var orderID: String
    var purchaseToken: String
    var productID: String
    var basePlanID: String
    /// The free trial or introductory offer the period is in; nil at the base price.
    var offerID: String?
    var offerPhase: PlayOfferPhase
    /// When the customer was charged.
    var createTime: Instant
    /// The period the charge pays for.
    var servicePeriodStart: Instant
    var servicePeriodEnd: Instant
    /// The price before tax, and the tax on top.
    var listingPriceMicros: Int64
    var taxMicros: Int64
    var currency: String
    var refund: Refund?

    /// The order of the period `purchase` is in now (its latest order), charged at `time`: the period from
    /// then to the purchase's expiry, at the price of its phase.
    init(charging purchase: PlaySimulatedPurchase, at time: Instant) {
        let product = purchase.product
        orderID = purchase.latestOrderID
        purchaseToken = purchase.token
        productID = product.productID
        basePlanID = product.basePlanID
        offerID = purchase.offerID
        offerPhase = purchase.offerPhase
        createTime = time
        servicePeriodStart = time
        servicePeriodEnd = purchase.expiryTime
        listingPriceMicros = product.listingPriceMicros(in: purchase.offerPhase)
        taxMicros = product.salesTaxMicros(on: listingPriceMicros)
        currency = product.currency
    }

    /// What the customer paid: the listing price and the tax.
    var totalMicros: Int64 { listingPriceMicros + taxMicros }

    /// What the developer earns: the listing price less Google's fee, rounded half up to the minor unit.
    var developerRevenueMicros: Int64 {
        PlayMicros.share(basisPoints: Self.developerShareBasisPoints, of: listingPriceMicros, currency: currency)
    }
}
