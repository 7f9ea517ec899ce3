import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PerennialCore
import PerennialSimulator
import Testing
import X509

/// Google's Orders API on the Play simulator: every charge is an order (the first purchase and each renewal,
/// at the price of the period's phase, with the product's sales tax on top), refunded when the purchase is
/// voided, read by `orders.get` and `orders.batchGet` with Google's rules, and kept across restarts.
@Suite struct PlayOrdersTests {
    static let packageName = "com.example.perennial"
    /// 2026-01-01T00:00:00Z.
    static let start = Instant(milliseconds: 1_767_225_600_000)
    static let products = [
        PlaySimulatorProduct(
            productID: "pro.monthly", basePlanID: "monthly", freeTrialOfferID: "trial", introductoryOfferID: "intro", introductoryPeriods: 2
        ),
        // $1.00 at 12.5%: a tax of exactly half a cent over 12 cents, rounded up.
        PlaySimulatorProduct(productID: "pro.halfcent", basePlanID: "monthly", recurringPriceMicros: 1_000_000, salesTaxBasisPoints: 1_250),
        // $9.99 at 7.25%: 72.4275 cents of tax, rounded down.
        PlaySimulatorProduct(productID: "pro.taxed", basePlanID: "monthly", recurringPriceMicros: 9_990_000, salesTaxBasisPoints: 725),
    ]

    // MARK: Charges

    @Test func anIntroductoryPriceIsChargedForItsPeriodsThenTheBasePrice() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (token, stem) = try await Self.purchase(play, introductoryPrice: true)
        clock.advance(by: .seconds(300))
        clock.advance(by: .seconds(300))
        let orders = try Self.ordersIn(try await play.orders(ids: [stem, stem + "..0", stem + "..1"]))
        #expect(orders.map { $0["orderId"] as? String } == [stem, stem + "..0", stem + "..1"])
        #expect(orders.allSatisfy { $0["purchaseToken"] as? String == token })

        let first = orders[0]
        #expect(Self.value(first, "lineItems.0.subscriptionDetails.offerPhase") as? String == "INTRODUCTORY")
        #expect(Self.value(first, "lineItems.0.subscriptionDetails.offerId") as? String == "intro")
        #expect(Self.value(first, "lineItems.0.subscriptionDetails.offerPhaseDetails.introductoryPriceDetails") != nil)
        #expect(Self.value(first, "lineItems.0.subscriptionDetails.basePlanId") as? String == "monthly")
        #expect(Self.value(first, "lineItems.0.productId") as? String == "pro.monthly")
        #expect(Self.micros(first["total"]) == 990_000)
        #expect(Self.micros(Self.value(first, "lineItems.0.listingPrice")) == 990_000)
        #expect(Self.micros(first["developerRevenueInBuyerCurrency"]) == 840_000, "0.99 less 15% is 0.8415")
        #expect(first["createTime"] as? String == "2026-01-01T00:00:00.000Z")
        #expect(Self.servicePeriod(first) == ["2026-01-01T00:00:00.000Z", "2026-01-01T00:05:00.000Z"])

        let second = orders[1]
        #expect(Self.value(second, "lineItems.0.subscriptionDetails.offerPhase") as? String == "INTRODUCTORY")
        #expect(Self.micros(second["total"]) == 990_000)
        #expect(second["createTime"] as? String == "2026-01-01T00:05:00.000Z")
        #expect(Self.servicePeriod(second) == ["2026-01-01T00:05:00.000Z", "2026-01-01T00:10:00.000Z"])

        let base = orders[2]
        #expect(Self.value(base, "lineItems.0.subscriptionDetails.offerPhase") as? String == "BASE")
        #expect(Self.value(base, "lineItems.0.subscriptionDetails.offerId") == nil)
        #expect(Self.value(base, "lineItems.0.subscriptionDetails.offerPhaseDetails.baseDetails") != nil)
        #expect(Self.micros(base["total"]) == 4_990_000)
        #expect(Self.micros(base["developerRevenueInBuyerCurrency"]) == 4_240_000, "4.99 less 15% is 4.2415")
        #expect(Self.servicePeriod(base) == ["2026-01-01T00:10:00.000Z", "2026-01-01T00:15:00.000Z"])
        let subscription = try Self.object(try await play.subscription(token: token))
        #expect(subscription["latestOrderId"] as? String == stem + "..1")
    }

    @Test func aFreeTrialsFirstOrderCostsNothingAndItsRenewalTheBasePrice() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (_, stem) = try await Self.purchase(play, freeTrial: true)
        let trial = try Self.object(try await play.order(id: stem))
        #expect(Self.value(trial, "lineItems.0.subscriptionDetails.offerPhase") as? String == "FREE_TRIAL")
        #expect(Self.value(trial, "lineItems.0.subscriptionDetails.offerId") as? String == "trial")
        #expect(Self.value(trial, "lineItems.0.subscriptionDetails.offerPhaseDetails.freeTrialDetails") != nil)
        #expect(Self.micros(trial["total"]) == 0)
        #expect((trial["total"] as? [String: Any])?["units"] as? String == "0")
        #expect(Self.micros(trial["developerRevenueInBuyerCurrency"]) == 0)
        #expect(Self.servicePeriod(trial) == ["2026-01-01T00:00:00.000Z", "2026-01-01T00:03:00.000Z"])

        clock.advance(by: .seconds(180))
        let renewal = try Self.object(try await play.order(id: stem + "..0"))
        #expect(Self.value(renewal, "lineItems.0.subscriptionDetails.offerPhase") as? String == "BASE")
        #expect(Self.micros(renewal["total"]) == 4_990_000)
        #expect(Self.servicePeriod(renewal) == ["2026-01-01T00:03:00.000Z", "2026-01-01T00:08:00.000Z"])
    }

    @Test func salesTaxIsAddedOnTopRoundedHalfUpToTheCent() async throws {
        let play = try Self.makePlay(SimulatorClock(start: Self.start, rate: 0))
        let (_, halfCent) = try await Self.purchase(play, "pro.halfcent")
        let (_, taxed) = try await Self.purchase(play, "pro.taxed")
        let orders = try Self.ordersIn(try await play.orders(ids: [halfCent, taxed]))

        let order = orders[0]
        #expect(Self.micros(Self.value(order, "lineItems.0.listingPrice")) == 1_000_000)
        #expect(Self.micros(order["tax"]) == 130_000)
        #expect(Self.micros(order["total"]) == 1_130_000)
        #expect(Self.micros(Self.value(order, "lineItems.0.tax")) == 130_000)
        #expect(Self.micros(Self.value(order, "lineItems.0.total")) == 1_130_000)
        #expect(Self.micros(order["developerRevenueInBuyerCurrency"]) == 850_000)
        #expect((order["total"] as? [String: Any])?["units"] as? String == "1")
        #expect((order["total"] as? [String: Any])?["nanos"] as? Int == 130_000_000)
        #expect(Self.value(order, "orderDetails.taxInclusive") as? Bool == false)
        #expect(Self.value(order, "buyerAddress.buyerCountry") as? String == "US")
        #expect(order["salesChannel"] as? String == "IN_APP")
        #expect(order["state"] as? String == "PROCESSED")
        #expect(order["lastEventTime"] as? String == order["createTime"] as? String)
        #expect(Self.value(order, "orderHistory.processedEvent.eventTime") as? String == "2026-01-01T00:00:00.000Z")
        #expect(Self.value(order, "orderHistory.refundEvent") == nil)

        #expect(Self.micros(orders[1]["tax"]) == 720_000)
        #expect(Self.micros(orders[1]["total"]) == 10_710_000)
    }

    // MARK: Refunds

    @Test func aRefundMakesTheVoidedOrderRefunded() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (chargedBack, chargedBackStem) = try await Self.purchase(play)
        let (revoked, revokedStem) = try await Self.purchase(play, "pro.taxed")
        clock.advance(by: .seconds(300))
        clock.advance(by: .seconds(60))
        try await play.refund(token: chargedBack, reason: 7)
        try await play.revoke(token: revoked)

        let orders = try Self.ordersIn(try await play.orders(ids: [chargedBackStem, chargedBackStem + "..0", revokedStem + "..0"]))
        #expect(orders[0]["state"] as? String == "PROCESSED", "only the latest order is voided")
        let refunded = orders[1]
        #expect(refunded["state"] as? String == "REFUNDED")
        #expect(refunded["lastEventTime"] as? String == "2026-01-01T00:06:00.000Z")
        #expect(refunded["createTime"] as? String == "2026-01-01T00:05:00.000Z")
        #expect(Self.value(refunded, "orderHistory.refundEvent.eventTime") as? String == "2026-01-01T00:06:00.000Z")
        #expect(Self.value(refunded, "orderHistory.refundEvent.refundReason") as? String == "CHARGEBACK")
        #expect(Self.micros(Self.value(refunded, "orderHistory.refundEvent.refundDetails.total")) == 4_990_000)
        #expect(Self.micros(Self.value(refunded, "orderHistory.refundEvent.refundDetails.tax")) == 0)
        #expect(Self.value(refunded, "orderHistory.processedEvent.eventTime") as? String == "2026-01-01T00:05:00.000Z")

        let other = orders[2]
        #expect(other["state"] as? String == "REFUNDED")
        #expect(Self.value(other, "orderHistory.refundEvent.refundReason") as? String == "OTHER")
        #expect(Self.micros(Self.value(other, "orderHistory.refundEvent.refundDetails.total")) == 10_710_000)
        #expect(Self.micros(Self.value(other, "orderHistory.refundEvent.refundDetails.tax")) == 720_000)
    }

    // MARK: Google's rules

    @Test func batchGetAnswersInTheOrderAskedAndFailsWhollyOnAnUnknownId() async throws {
        let play = try Self.makePlay(SimulatorClock(start: Self.start, rate: 0))
        let (_, first) = try await Self.purchase(play)
        let (_, second) = try await Self.purchase(play, freeTrial: true)
        #expect(try Self.ordersIn(try await play.orders(ids: [second, first])).map { $0["orderId"] as? String } == [second, first])
        #expect(try Self.ordersIn(try await play.orders(ids: [first, second])).map { $0["orderId"] as? String } == [first, second])

        for ids in [[first, "GPA.0000-0000-0000-00000", second], [first, first + "..0"], [first, ""]] {
            let error = await #expect(throws: PlaySimulatorError.self) { try await play.orders(ids: ids) }
            #expect(error?.httpStatus == 404)
            #expect(error?.status == "NOT_FOUND")
        }
        let tooMany = (0...PlaySimulator.maximumOrdersPerBatch).map { "GPA.\($0)" }
        for ids in [[], [first, second, first], tooMany] {
            let error = await #expect(throws: PlaySimulatorError.self) { try await play.orders(ids: ids) }
            #expect(error?.httpStatus == 400)
            #expect(error?.status == "INVALID_ARGUMENT")
        }
        for id in ["", "..", first + "..", first + "..0", "GPA.", String(repeating: "GPA.1..", count: 100_000)] {
            let error = await #expect(throws: PlaySimulatorError.self) { try await play.order(id: id) }
            #expect(error?.httpStatus == 404)
        }
    }

    @Test func withoutFinancialAccessOrdersAnswer401() async throws {
        let play = try Self.makePlay(SimulatorClock(start: Self.start, rate: 0))
        let (_, stem) = try await Self.purchase(play)
        await play.setFinancialAccess(false)
        let single = await #expect(throws: PlaySimulatorError.self) { try await play.order(id: stem) }
        #expect(single?.httpStatus == 401)
        #expect(single?.status == "PERMISSION_DENIED")
        let batch = await #expect(throws: PlaySimulatorError.self) { try await play.orders(ids: [stem]) }
        #expect(batch?.httpStatus == 401)
        await play.setFinancialAccess(true)
        #expect(try Self.object(try await play.order(id: stem))["orderId"] as? String == stem)
    }

    // MARK: Restarts

    @Test func ordersSurviveARestart() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (token, stem) = try await Self.purchase(play, "pro.taxed")
        clock.advance(by: .seconds(300))
        try await play.refund(token: token)
        let before = try await play.orders(ids: [stem, stem + "..0"])

        let restarted = try Self.makePlay(clock)
        try await restarted.restore(try await play.savedState())
        #expect(try await restarted.orders(ids: [stem, stem + "..0"]) == before)
    }

    @Test func aStateSavedBeforeOrdersRestoresWithNone() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (token, stem) = try await Self.purchase(play)
        let subscription = try await play.subscription(token: token)

        // The state as the simulator wrote it before it recorded orders: no `orders` in any purchase.
        var saved = try Self.object(try await play.savedState())
        let purchases = try #require(saved["purchases"] as? [[String: Any]])
        #expect(purchases.allSatisfy { $0["orders"] != nil })
        saved["purchases"] = purchases.map { purchase in purchase.filter { $0.key != "orders" } }
        let old = try JSONSerialization.data(withJSONObject: saved)

        let restarted = try Self.makePlay(clock)
        try await restarted.restore(old)
        #expect(try await restarted.subscription(token: token) == subscription)
        let error = await #expect(throws: PlaySimulatorError.self) { try await restarted.order(id: stem) }
        #expect(error?.httpStatus == 404)

        // Charges after the restart are recorded.
        clock.advance(by: .seconds(300))
        let renewal = try Self.object(try await restarted.order(id: stem + "..0"))
        #expect(Self.servicePeriod(renewal) == ["2026-01-01T00:05:00.000Z", "2026-01-01T00:10:00.000Z"])
    }

    // MARK: Over HTTP

    @Test func theRoutesServeOrdersToAnAuthorizedCaller() async throws {
        let clock = SimulatorClock(start: Self.start, rate: 0)
        let play = try Self.makePlay(clock)
        let (_, first) = try await Self.purchase(play)
        let (_, second) = try await Self.purchase(play, "pro.taxed")
        let simulator = try AppStoreSimulator(configuration: .example(timeScale: .manual), clock: clock)
        let app = Application(router: SimulatorServer.makeRouter(simulator: simulator, play: play))
        let authorization = "Bearer " + (try await Self.accessToken(play))
        try await app.test(.router) { client in
            let orders = "/androidpublisher/v3/applications/\(Self.packageName)/orders"
            func get(_ uri: String, _ authorization: String?) async throws -> TestResponse {
                var headers = HTTPFields()
                if let authorization { headers[.authorization] = authorization }
                return try await client.execute(uri: uri, method: .get, headers: headers, body: nil)
            }
            let single = try await get("\(orders)/\(first)", authorization)
            #expect(single.status == .ok)
            #expect(try Self.object(Data(single.body.readableBytesView))["orderId"] as? String == first)

            let batch = try await get("\(orders):batchGet?orderIds=\(second)&orderIds=\(first)", authorization)
            #expect(batch.status == .ok)
            let batchOrders = try Self.ordersIn(Data(batch.body.readableBytesView))
            #expect(batchOrders.map { $0["orderId"] as? String } == [second, first])

            let unknown = try await get("\(orders):batchGet?orderIds=\(first)&orderIds=GPA.unknown", authorization)
            #expect(unknown.status == .notFound)
            #expect(Self.value(try Self.object(Data(unknown.body.readableBytesView)), "error.status") as? String == "NOT_FOUND")
            #expect(try await get("\(orders)/GPA.unknown", authorization).status == .notFound)
            #expect(try await get("\(orders)/\(String(repeating: "A", count: 4_000))", authorization).status == .notFound)
            #expect(try await get("\(orders):batchGet", authorization).status == .badRequest)
            #expect(try await get("\(orders):batchGet?orderIds=\(first)&orderIds=\(first)", authorization).status == .badRequest)
            #expect(try await get("\(orders)/\(first)", nil).status == .unauthorized)
            #expect(try await get("/androidpublisher/v3/applications/com.example.other/orders/\(first)", authorization).status == .notFound)

            await play.setFinancialAccess(false)
            #expect(try await get("\(orders)/\(first)", authorization).status == .unauthorized)
            #expect(try await get("\(orders):batchGet?orderIds=\(first)", authorization).status == .unauthorized)
        }
    }

    // MARK: Helpers

    static func makePlay(_ clock: SimulatorClock) throws -> PlaySimulator {
        try PlaySimulator(packageName: packageName, products: products, clock: clock)
    }

    /// A purchase made and acknowledged (an unacknowledged one is refunded after 5 minutes), and its first
    /// order's id as subscriptionsv2 names it.
    static func purchase(
        _ play: PlaySimulator, _ productID: String = "pro.monthly", freeTrial: Bool = false, introductoryPrice: Bool = false
    ) async throws -> (token: String, orderID: String) {
        let token = try await play.purchase(productID: productID, freeTrial: freeTrial, introductoryPrice: introductoryPrice)
        try await play.acknowledge(productID: productID, token: token)
        let orderID = try #require(try object(try await play.subscription(token: token))["latestOrderId"] as? String)
        return (token, orderID)
    }

    /// An access token as Google's auth libraries get one: an RS256 assertion signed with the key file's
    /// private key, exchanged at the token endpoint.
    static func accessToken(_ play: PlaySimulator) async throws -> String {
        let tokenURI = "http://127.0.0.1/token"
        let keyFile = try object(try await play.keyFile(tokenURI: tokenURI))
        let pem = try #require(keyFile["private_key"] as? String)
        let now = Int(Date().timeIntervalSince1970)
        let header = Base64URL.encode(try JSONSerialization.data(withJSONObject: ["alg": "RS256", "typ": "JWT"]))
        let claims = Base64URL.encode(try JSONSerialization.data(withJSONObject: [
            "iss": play.serviceAccountEmail, "aud": tokenURI, "scope": "https://www.googleapis.com/auth/androidpublisher",
            "iat": now, "exp": now + 3_000,
        ] as [String: Any]))
        let signature = try Certificate.PrivateKey(pemEncoded: pem).sign(
            bytes: Array("\(header).\(claims)".utf8), signatureAlgorithm: .sha256WithRSAEncryption
        )
        let assertion = "\(header).\(claims).\(Base64URL.encode(signature.rawRepresentation))"
        return try await play.exchange(assertion: assertion, tokenURI: tokenURI).token
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func ordersIn(_ data: Data) throws -> [[String: Any]] {
        try #require(try object(data)["orders"] as? [[String: Any]])
    }

    /// The value at a dotted path of keys and array indexes (`lineItems.0.productId`).
    static func value(_ root: Any?, _ path: String) -> Any? {
        path.split(separator: ".").reduce(root) { node, key in
            if let index = Int(key), let array = node as? [Any] { return array.indices.contains(index) ? array[index] : nil }
            return (node as? [String: Any])?[String(key)]
        }
    }

    /// A `Money` in dollars, in micros; nil when it is not one.
    static func micros(_ money: Any?) -> Int64? {
        guard let money = money as? [String: Any], money["currencyCode"] as? String == "USD",
              let units = (money["units"] as? String).flatMap({ Int64($0) }), let nanos = money["nanos"] as? Int
        else { return nil }
        return units * 1_000_000 + Int64(nanos / 1_000)
    }

    /// A line item's service period: its start and end.
    static func servicePeriod(_ order: [String: Any]) -> [String?] {
        ["servicePeriodStartTime", "servicePeriodEndTime"].map { value(order, "lineItems.0.subscriptionDetails.\($0)") as? String }
    }
}
