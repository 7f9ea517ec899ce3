import Foundation
import PerennialCore
import PerennialOutbound
import Testing

/// Each Play period priced from its order (the Orders API), read once; Google refusing to show orders leaves
/// the period priced as the purchase alone allows, and Google unavailable fails the read so it is retried.
@Suite("Google Play: periods priced from their orders")
struct PlayOrderPricesTests {
    typealias Lifecycle = GooglePlayLifecycleTests
    static let order = "GPA.5555-6666-7777-88888"

    /// An introductory-price purchase (the base plan's recurring price is 9.99, the introductory 4.99).
    static func introductory(order: String = order, expiry: Double = 30) -> [String: Any] {
        var purchase = Lifecycle.purchase(order: order, start: 0, expiry: expiry)
        var items = purchase["lineItems"] as? [[String: Any]] ?? []
        items[0]["offerPhase"] = ["introductoryPrice": [String: Any]()]
        items[0]["autoRenewingPlan"] = [
            "autoRenewEnabled": true, "recurringPrice": ["currencyCode": "EUR", "units": "9", "nanos": 990_000_000],
        ]
        purchase["lineItems"] = items
        return purchase
    }

    /// `orders.get`'s answer: 4.99 with 0.83 of VAT.
    static let paid = FakePlayBackend.json([
        "orderId": order, "state": "PROCESSED", "buyerAddress": ["buyerCountry": "FR"],
        "total": ["currencyCode": "EUR", "units": "4", "nanos": 990_000_000], "tax": ["currencyCode": "EUR", "nanos": 830_000_000],
        "lineItems": [[
            "productId": "pro.monthly", "total": ["currencyCode": "EUR", "units": "4", "nanos": 990_000_000],
            "tax": ["currencyCode": "EUR", "nanos": 830_000_000],
            "subscriptionDetails": ["basePlanId": "monthly", "offerPhase": "INTRODUCTORY"],
        ]],
    ] as [String: Any])

    static func sales(_ harness: TestHarness, _ user: String) async throws -> [JSONObject] {
        try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/\(user)/revenue", key: TestHarness.secretKey)
            .body["entries"].array
    }

    @Test func anIntroductoryPeriodIsPricedFromItsOrderReadOnce() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            await google.put("tok-1", Self.introductory())
            await google.answerOrder(Self.order, with: Self.paid)
            #expect(try await harness.postGooglePurchase("ann", token: "tok-1").status == 200)
            var sales = try await Self.sales(harness, "ann")
            #expect(sales.count == 1)
            #expect(sales.first?["price"]["minor_units"].int == 499 && sales.first?["tax"]["minor_units"].int == 83)
            #expect(sales.first?["estimated"].bool == false)
            #expect(await google.orderCalls == 1)
            // Read again (the app posts the token again): the order is not asked for a second time, and the
            // price stays the order's.
            #expect(try await harness.postGooglePurchase("ann", token: "tok-1").status == 200)
            #expect(await google.orderCalls == 1)
            sales = try await Self.sales(harness, "ann")
            #expect(sales.count == 1 && sales.first?["price"]["minor_units"].int == 499)
        }
    }

    /// A purchase of two items, a plan and an add-on, paid by `orders`.
    static func twoItems(orders: (String, String)) -> [String: Any] {
        var purchase = Lifecycle.purchase(order: orders.0, start: 0, expiry: 30)
        var items = purchase["lineItems"] as? [[String: Any]] ?? []
        items.append(items[0].merging(["productId": "pro.yearly", "latestSuccessfulOrderId": orders.1]) { $1 })
        purchase["lineItems"] = items
        return purchase
    }

    static func order(_ id: String, euros: String) -> HTTPTransportResponse {
        FakePlayBackend.json([
            "orderId": id, "state": "PROCESSED", "lineItems": [["total": ["currencyCode": "EUR", "units": euros]]],
        ] as [String: Any])
    }

    /// Both items' periods new: their orders in one `orders.batchGet`.
    @Test func twoNewOrdersAreReadInOneBatch() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            await google.put("tok-4", Self.twoItems(orders: ("GPA.A", "GPA.B")))
            await google.answerOrder("GPA.A", with: Self.order("GPA.A", euros: "4"))
            await google.answerOrder("GPA.B", with: Self.order("GPA.B", euros: "7"))
            #expect(try await harness.postGooglePurchase("dan", token: "tok-4").status == 200)
            #expect(await google.orderCalls == 1)
            let prices = try await Self.sales(harness, "dan").compactMap { $0["price"]["minor_units"].int }.sorted()
            #expect(prices == [400, 700])
            // One order Google will not show (GPA.D): the batch fails, and each is read on its own.
            await google.put("tok-5", Self.twoItems(orders: ("GPA.C", "GPA.D")))
            await google.answerOrder("GPA.C", with: Self.order("GPA.C", euros: "5"))
            #expect(try await harness.postGooglePurchase("eve", token: "tok-5").status == 200)
            #expect(await google.orderCalls == 4, "one batch, then GPA.C and GPA.D each")
            #expect(try await Self.sales(harness, "eve").contains { $0["price"]["minor_units"].int == 500 })
        }
    }

    @Test func ordersGoogleWillNotShowLeaveThePurchasesOwnPriceAndAnOutageIsRetried() async throws {
        let google = FakePlayBackend()
        try await TestHarness.run(google: try FakePlayBackend.settings(), googleTransport: google) { harness in
            // No "View financial data" for orders: the base-price period keeps the recurring price.
            await google.put("tok-2", Lifecycle.purchase(order: "GPA.2", start: 0, expiry: 30))
            await google.answerOrder("GPA.2", with: HTTPTransportResponse(status: 403, body: Array(
                #"{"error":{"code":403,"message":"The current user has insufficient permissions.","status":"PERMISSION_DENIED"}}"#.utf8)))
            let refused = try await harness.postGooglePurchase("bea", token: "tok-2")
            #expect(refused.status == 200)
            #expect(try await Self.customerState(harness, "bea") == "active")

            // Google unavailable for the order: the read fails as a whole and the purchase is queued, as when
            // the purchase itself cannot be read; it completes, priced, once Google answers.
            await google.put("tok-3", Self.introductory(order: "GPA.3"))
            await google.answerOrder("GPA.3", with: HTTPTransportResponse(status: 503))
            let queued = try await harness.postGooglePurchase("cy", token: "tok-3")
            #expect(queued.status == 202 && queued.body["status"].string == "pending", "\(queued.body)")
            #expect(try await Self.customerState(harness, "cy") == nil)
            await google.answerOrder("GPA.3", with: Self.paid)
            await harness.advance(minutes: 5)
            while try await harness.stack.runner.runOnce() {}
            #expect(try await Self.customerState(harness, "cy") == "introductory")
            #expect(try await Self.sales(harness, "cy").first?["price"]["minor_units"].int == 499)
        }
    }

    /// Against the Play simulator: a yearly plan's three introductory periods (half of 9.99, 5.00) and then the
    /// base price, each from its order, none estimated.
    @Test func theSimulatorsOrdersPriceEachPeriod() async throws {
        try await TestHarness.run(withPlay: true) { harness in
            let play = try #require(harness.play)
            let token = try await play.purchase(productID: "pro.yearly", obfuscatedAccountID: "dee", introductoryPrice: true)
            let posted = try await harness.postGooglePurchase("dee", token: token, productID: "pro.yearly")
            #expect(posted.status == 200)
            while try await harness.stack.runner.runOnce() {}
            // A year is 30 minutes on Play's test schedule: three introductory periods, then the base price.
            for _ in 0..<3 { await harness.advance(minutes: 30.5) }
            let sales = try await Self.sales(harness, "dee")
            #expect(sales.map { $0["price"]["minor_units"].int } == [500, 500, 500, 999])
            #expect(sales.allSatisfy { $0["estimated"].bool == false && $0["price"]["currency"].string == "USD" })
        }
    }

    static func customerState(_ harness: TestHarness, _ user: String) async throws -> String? {
        try await harness.customer(user).body["subscriptions"][0]["state"].string
    }
}
