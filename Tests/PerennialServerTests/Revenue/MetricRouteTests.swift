import Foundation
import HTTPTypes
import NIOCore
import Testing

/// `GET /v1/admin/metrics/{name}` from a real flow: a web subscription's trial converting, day by day, as JSON
/// and CSV.
@Suite("Metrics")
struct MetricRouteTests {
    @Test func activeSubscriptionsAndMRRDayByDay() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let web = try await harness.buyOnTheWeb(appUserID: "wes")
            try await harness.advanceStripe(pastPeriodEndOf: web, days: 0.1)

            // Stripe's test mode is the sandbox environment.
            let active = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/active_subscriptions?from=2026-01-01&to=2026-01-09&environment=sandbox",
                key: TestHarness.secretKey)
            #expect(active.status == 200, "\(active.body)")
            let points = active.body["points"].array
            #expect(points.count == 9)
            #expect(points.first?["values"]["trial"].int == 1, "\(active.body)")
            #expect(points.last?["values"]["paid"].int == 1 && points.last?["values"]["total"].int == 1, "\(active.body)")

            let mrr = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/mrr?from=2026-01-01&to=2026-01-09&environment=sandbox&store=stripe",
                key: TestHarness.secretKey)
            #expect(mrr.body["points"][0]["values"]["USD"].int == nil, "a trial is not MRR")
            #expect(mrr.body["points"][8]["values"]["USD"].int == 999, "\(mrr.body)")
            let production = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/mrr?from=2026-01-01&to=2026-01-09", key: TestHarness.secretKey)
            #expect(production.body["points"][8]["values"]["USD"].isNull && production.body["environment"].string == "production")

            let csv = try await harness.client.execute(
                uri: "/v1/admin/metrics/active_subscriptions?from=2026-01-01&to=2026-01-02&environment=sandbox",
                method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)", .accept: "text/csv"]
            ) { String(buffer: $0.body) }
            #expect(csv.hasPrefix("start,end,billing_retry,grace_period,paid,total,trial\n2026-01-01,2026-01-01,0,0,0,1,1\n"), "\(csv)")

            // The subscription behind the figure, with its owner; a product filter keeps it or leaves it out.
            let explained = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/active_subscriptions?from=2026-01-09&to=2026-01-09&environment=sandbox&explain=true",
                key: TestHarness.secretKey)
            #expect(explained.body["subscriptions"].array.count == 1, "\(explained.body)")
            #expect(explained.body["subscriptions"][0]["app_user_id"].string == "wes")
            #expect(explained.body["subscriptions"][0]["subscription_id"].string == web)
            #expect(explained.body["subscriptions"][0]["values"]["paid"].int == 1 && explained.body["subscriptions"][0]["values"]["total"].int == 1)
            let price = try #require(harness.stripePriceID)
            for (product, paid) in [(price, 1), ("another_price", 0)] {
                let filtered = try await AppUserIDRouteTests.request(
                    harness, .get, "/v1/admin/metrics/active_subscriptions?from=2026-01-09&to=2026-01-09&environment=sandbox&product=\(product)",
                    key: TestHarness.secretKey)
                #expect(filtered.body["points"][0]["values"]["paid"].int == paid, "\(product): \(filtered.body)")
            }
            let explainedCSV = try await harness.client.execute(
                uri: "/v1/admin/metrics/mrr?from=2026-01-09&to=2026-01-09&environment=sandbox&explain=true",
                method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)", .accept: "text/csv"]
            ) { String(buffer: $0.body) }
            #expect(explainedCSV == "store,subscription_id,app_user_id,USD\nstripe,\(web),wes,999\n", "\(explainedCSV)")

            // January's cohort: one subscription, in its first paid period, so no renewal could have happened yet.
            let retention = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/cohorts/retention?from=2026-01-01&to=2026-02-28&environment=sandbox",
                key: TestHarness.secretKey)
            #expect(retention.status == 200, "\(retention.body)")
            #expect(retention.body["cohorts"][0]["cohort"].string == "2026-01" && retention.body["cohorts"][0]["subscriptions"].int == 1)
            #expect(retention.body["cohorts"][0]["renewals"][0].isNull && retention.body["cohorts"][1]["subscriptions"].int == 0)

            for (query, code) in [("from=2026-01-01&to=2026-01-02&country=%01", "bad_request"), ("from=2026-01-01", "invalid_date_range"), ("from=2026-01-01&to=2027-06-01&interval=day", "invalid_date_range")] {
                let refused = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/metrics/mrr?\(query)", key: TestHarness.secretKey)
                #expect(refused.status == 400 && refused.body["error"]["code"].string == code, "\(query)")
            }
            #expect(try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/nonsense?from=2026-01-01&to=2026-01-02", key: TestHarness.secretKey).status == 404)
        }
    }
}
