import Foundation
import PerennialAppStore
import PerennialCore
import PerennialServices
import Testing

/// `GET /v1/admin/customers/{id}/revenue` from real flows: a receipt (no prices: the catalog's, estimated)
/// refunded later, in a reporting currency; a web purchase whose invoice says what was paid.
@Suite("Revenue per customer")
struct RevenueRouteTests {
    @Test func aReceiptIsEstimatedFromTheCatalogAndItsRefundReversesIt() async throws {
        try await TestHarness.run(configureApp: { app in
            app.catalog = Catalog(products: app.catalog.products.map { product in
                var product = product
                if product.id == "pro.monthly" { product.price = Money(minorUnits: 999, currency: "USD") }
                return product
            })
            app.revenue.rates = ExchangeRates(reportingCurrency: "EUR", rates: [
                .init(date: CivilDate(year: 2025, month: 12, day: 1)!, currency: "USD", rate: Decimal(string: "0.9")!),
            ])
        }) { harness in
            let purchase = try await harness.simulator.purchase(account: "rita", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "rita").status == 200)
            var revenue = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/rita/revenue", key: TestHarness.secretKey)
            #expect(revenue.status == 200)
            let sale = revenue.body["entries"][0]
            #expect(sale["kind"].string == "sale" && sale["estimated"].bool == true && sale["store"].string == "app_store")
            #expect(sale["price"]["minor_units"].int == 999 && sale["price"]["currency"].string == "USD")
            #expect(sale["commission_basis_points"].int == 3000 && sale["proceeds"]["minor_units"].int == 699)
            #expect(sale["reporting_price"]["minor_units"].int == 899 && sale["reporting_price"]["currency"].string == "EUR")
            #expect(revenue.body["reporting_total"]["proceeds"]["minor_units"].int == 629)  // 699 × 0.9 = 629.1

            _ = try await harness.simulator.refund(originalTransactionID: purchase.originalTransactionID)
            #expect(try await harness.postReceipt(try await harness.receipt(account: "rita"), appUserID: "rita").status == 200)
            revenue = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/rita/revenue", key: TestHarness.secretKey)
            #expect(revenue.body["entries"].array.map { $0["kind"].string } == ["sale", "refund"])
            #expect(revenue.body["totals"][0]["proceeds"]["minor_units"].int == 0)
            #expect(revenue.body["reporting_total"]["price"]["minor_units"].int == 0)

            #expect(try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/nobody/revenue", key: TestHarness.secretKey).status == 404)
            #expect(try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/rita/revenue").status == 403)
        }
    }

    @Test func aWebPurchaseCarriesWhatTheInvoiceCollected() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let subscription = try await harness.buyOnTheWeb(appUserID: "sam")
            try await harness.advanceStripe(pastPeriodEndOf: subscription, days: 0.1)
            let revenue = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/customers/sam/revenue", key: TestHarness.secretKey)
            let entries = revenue.body["entries"].array
            #expect(entries.count == 1, "the free trial sells nothing: \(revenue.body)")
            #expect(entries.first?["store"].string == "stripe" && entries.first?["estimated"].bool == false)
            #expect(entries.first?["price"]["minor_units"].int == 999)
            #expect(entries.first?["commission"]["minor_units"].int == 59 && entries.first?["proceeds"]["minor_units"].int == 940)
            #expect(revenue.body["reporting_currency"].isNull && revenue.body["reporting_total"].isNull)
        }
    }

    @Test func theForecastPlacesProceedsOnEachStoresCalendar() async throws {
        try await TestHarness.run(configureApp: { app in
            app.catalog = Catalog(products: app.catalog.products.map { product in
                var product = product
                if product.id == "pro.monthly" { product.price = Money(minorUnits: 999, currency: "USD") }
                return product
            })
        }, withStripe: true) { harness in
            let purchase = try await harness.simulator.purchase(account: "tom", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "tom").status == 200)
            let web = try await harness.buyOnTheWeb(appUserID: "uma")
            try await harness.advanceStripe(pastPeriodEndOf: web, days: 0.1)

            let appleDay = try #require(PayoutCalendar(AppleFiscalPayouts()).payment(forRevenueOn: CivilDate(utcDayOf: TestHarness.start))).paymentDate
            let forecast = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/payouts/forecast?from=2026-01-01&to=\(appleDay)&environment=sandbox", key: TestHarness.secretKey)
            #expect(forecast.status == 200, "\(forecast.body)")
            let payments = forecast.body["payments"].array
            #expect(payments.map { $0["store"].string } == ["stripe", "app_store"], "\(forecast.body)")
            #expect(payments.first?["proceeds"]["minor_units"].int == 940)
            #expect(payments.last?["payment_date"].string == appleDay.description && payments.last?["proceeds"]["minor_units"].int == 699)
            #expect(forecast.body["totals"][0]["minor_units"].int == 1_639)

            for query in ["from=2026-02-01&to=2026-01-01", "from=2026-01-01&to=2027-06-01", "from=yesterday&to=2026-01-01", ""] {
                let refused = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/payouts/forecast?\(query)", key: TestHarness.secretKey)
                #expect(refused.status == 400 && refused.body["error"]["code"].string == "invalid_date_range", "\(query)")
            }
        }
    }
}
