import Foundation
import PerennialCore
@testable import PerennialGooglePlay
import Testing

/// A period's price from its order (the Orders API), which the purchase alone cannot give for an
/// introductory or prorated period, and the base plan's recurring price when the order is not known.
@Suite("Google Play: prices from the Orders API")
struct PlayOrderPricingTests {
    static let token = "token-abc.def_123"
    static let read = PlayTimestamp.instant("2026-11-10T10:00:00Z")!
    static let orderID = "GPA.3345-1234-5678-90123"

    static func order(_ json: String) throws -> PlayOrder {
        try JSONDecoder().decode(PlayOrder.self, from: Data(json.utf8))
    }

    /// An order as Google sends it, for `premium_monthly`, with a total, a tax and a state.
    static func orderJSON(total: String, tax: String, state: String = "PROCESSED", phase: String = "INTRODUCTORY") -> String {
        """
        {"orderId": "\(orderID)", "purchaseToken": "\(token)", "state": "\(state)", "createTime": "2026-11-01T10:00:00Z",
         "buyerAddress": {"buyerCountry": "FR"}, "total": \(total), "tax": \(tax), "orderDetails": {"taxInclusive": true},
         "lineItems": [{"productId": "premium_monthly", "productTitle": "Premium", "listingPrice": \(total), "total": \(total),
                        "tax": \(tax), "subscriptionDetails": {"basePlanId": "monthly", "offerId": "intro", "offerPhase": "\(phase)",
                        "offerPhaseDetails": {"introductoryPriceDetails": {}}, "servicePeriodStartTime": "2026-11-01T10:00:00Z",
                        "servicePeriodEndTime": "2026-12-01T10:00:00Z"}}],
         "developerRevenueInBuyerCurrency": {"currencyCode": "EUR", "units": "1"}, "salesChannel": "IN_APP", "newField": 1}
        """
    }

    @Test func anIntroductoryPeriodIsPricedFromItsOrderWithItsTax() throws {
        let purchase = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(phase: "introductoryPrice").data)
        #expect(purchase.facts(token: Self.token, observedAt: Self.read).transactions[0].price == nil,
                "without the order, an introductory period has no price of its own (the catalog's is estimated)")
        let order = try Self.order(Self.orderJSON(
            total: #"{"currencyCode": "EUR", "units": "1", "nanos": 990000000}"#, tax: #"{"currencyCode": "EUR", "nanos": 330000000}"#))
        let transaction = purchase.facts(token: Self.token, observedAt: Self.read, orders: [Self.orderID: order]).transactions[0]
        #expect(transaction.price == Money(minorUnits: 199, currency: "EUR"))
        #expect(transaction.tax == Money(minorUnits: 33, currency: "EUR"))
        #expect(transaction.isInIntroOfferPeriod)
        #expect(transaction.storefront == "DE", "the purchase's region first")
    }

    @Test func theOrderWinsOverTheRecurringPriceAndTheOrderIdMustMatch() throws {
        let purchase = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody().data)
        let order = try Self.order(Self.orderJSON(
            total: #"{"currencyCode": "EUR", "units": "4", "nanos": 490000000}"#, tax: #"{"currencyCode": "EUR", "nanos": 720000000}"#,
            phase: "BASE"))
        let priced = purchase.facts(token: Self.token, observedAt: Self.read, orders: [Self.orderID: order]).transactions[0]
        #expect(priced.price == Money(minorUnits: 449, currency: "EUR"), "a Play Points discount: less than the base plan's price")
        let unrelated = purchase.facts(token: Self.token, observedAt: Self.read, orders: ["GPA.other": order]).transactions[0]
        #expect(unrelated.price == Money(minorUnits: 499, currency: "EUR"))
        #expect(unrelated.tax == nil)
    }

    @Test func anOrderNeverChargedOrMalformedGivesNoPrice() throws {
        let purchase = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(phase: "introductoryPrice").data)
        let money = #"{"currencyCode": "EUR", "units": "1", "nanos": 990000000}"#
        let pending = try Self.order(Self.orderJSON(total: money, tax: money, state: "PENDING"))
        let fraction = try Self.order(Self.orderJSON(total: #"{"currencyCode": "EUR", "units": "1", "nanos": 1}"#, tax: money))
        let otherCurrencyTax = try Self.order(Self.orderJSON(total: money, tax: #"{"currencyCode": "USD", "units": "1"}"#))
        for order in [pending, fraction] {
            #expect(purchase.facts(token: Self.token, observedAt: Self.read, orders: [Self.orderID: order]).transactions[0].price == nil)
        }
        let mixed = purchase.facts(token: Self.token, observedAt: Self.read, orders: [Self.orderID: otherCurrencyTax]).transactions[0]
        #expect(mixed.price == Money(minorUnits: 199, currency: "EUR"))
        #expect(mixed.tax == nil, "a tax in another currency than the total is not subtracted from it")
    }

    @Test func theCurrentOrdersNameEachPaidPeriod() throws {
        #expect(try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(phase: "freeTrial").data).currentOrders.map(\.isFreeTrial) == [true])
        let purchase = try PlaySubscriptionPurchase.decode(from: PlayPurchaseBody(orderID: "GPA.1..3").data)
        #expect(purchase.currentOrders.map(\.orderID) == ["GPA.1..3"])
        #expect(purchase.currentOrders.map(\.isFreeTrial) == [false])
    }
}
