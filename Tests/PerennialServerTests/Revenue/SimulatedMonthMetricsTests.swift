import Foundation
import PerennialCore
import PerennialStorage
import Testing

/// A month and a half of web lifecycles driven by the Stripe simulator — trials that convert, one cancelled
/// during its trial, one whose card never works, a refund, a cancellation at the period's end, a card that
/// fails and recovers — and the metric routes (read from the rollups the writes kept) against figures
/// computed another way: active subscriptions and MRR by the engine's own fold at each day's end from the
/// stored facts, and revenue from Stripe's own invoices and refunds. A subscription that ends with no word
/// from the store (a trial cancelled at once) stays as it was in the rollups until its status check folds it
/// again, so the jobs run here as a running server runs them.
@Suite("Metrics from a simulated month")
struct SimulatedMonthMetricsTests {
    @Test func theRoutesGiveTheIndependentFigures() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let stripe = try #require(harness.stripe)
            var subscriptions: [String: String] = [:]
            var customers: [String: String] = [:]
            for name in ["ann", "ben", "cat", "dan", "eve"] {
                let subscription = try await harness.buyOnTheWeb(appUserID: name)
                subscriptions[name] = subscription
                customers[name] = try #require(try await harness.stripeCall("GET", "/v1/subscriptions/\(subscription)")["customer"]?.string)
            }
            try await harness.stripeCall("POST", "/v1/subscriptions/\(subscriptions["ben"]!)", [("cancel_at_period_end", "true")])
            try await stripe.setCardOutcome(customer: customers["cat"]!, .fail)
            await harness.deliverStripeWebhooks()
            for day in 1...45 {
                await harness.advanceStripe(days: 1)
                // The jobs a running server works through: among them each subscription's status check at the
                // instant its period ends, which folds it again (and its rollups) when no store said anything.
                while try await harness.stack.runner.runOnce() {}
                switch day {
                case 15:
                    let charges = try await harness.stripeCall("GET", "/v1/charges", [("customer", customers["ann"]!)])
                    let charge = try #require(charges["data"]?.array?.first?["id"]?.string)
                    try await harness.stripeCall("POST", "/v1/refunds", [("charge", charge)])
                    await harness.deliverStripeWebhooks()
                case 20:
                    try await harness.stripeCall("POST", "/v1/subscriptions/\(subscriptions["eve"]!)", [("cancel_at_period_end", "true")])
                    await harness.deliverStripeWebhooks()
                case 34: try await stripe.setCardOutcome(customer: customers["dan"]!, .fail)
                case 38: try await stripe.setCardOutcome(customer: customers["dan"]!, .succeed)
                default: break
                }
            }

            let from = CivilDate(utcDayOf: TestHarness.start)
            let through = from.adding(days: 45)
            let days = MetricInterval.day.buckets(from: from, through: through)
            let query = "from=\(from)&to=\(through)&environment=sandbox&store=stripe"
            // The engine's fold at each day's end, from the facts Perennial stored.
            let appID = harness.configuration.apps[0].id
            let histories = try await SQLLedger(database: harness.stack.database).read { session in
                var histories: [SubscriptionMetrics.History] = []
                for key in try await session.subscriptionKeys(appID: appID, after: nil, limit: 100) {
                    histories.append(SubscriptionMetrics.History(
                        transactions: try await session.transactions(appID: appID, subscription: key),
                        renewalInfos: try await session.renewalInfos(appID: appID, subscription: key)))
                }
                return histories
            }
            #expect(histories.count == 5)
            let folded = SubscriptionMetrics(catalog: harness.configuration.apps[0].catalog)
            for name in ["active_subscriptions", "mrr"] {
                let routed = try await AppUserIDRouteTests.request(harness, .get, "/v1/admin/metrics/\(name)?\(query)", key: TestHarness.secretKey)
                #expect(routed.status == 200, "\(routed.body)")
                let expected = folded.stockAtBucketEnds(name, of: histories, buckets: days)
                let points = routed.body["points"].array
                #expect(points.count == expected.count)
                for (index, point) in points.enumerated() {
                    let values = ((point["values"].value as? [String: Any]) ?? [:]).mapValues { Int64(($0 as? NSNumber)?.intValue ?? -1) }
                    #expect(values == expected[index].values, "\(name) on \(expected[index].start): \(point)")
                }
            }
            let active = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/active_subscriptions?\(query)", key: TestHarness.secretKey)
            // Five trials on the first day; on day 10 ann, dan and eve pay (ben cancelled, cat's card failed).
            #expect(active.body["points"][0]["values"]["trial"].int == 5, "\(active.body)")
            #expect(active.body["points"][10]["values"]["paid"].int == 3, "\(active.body)")

            // Revenue: what Stripe's invoices say was paid, less what its refunds gave back.
            var paid: Int64 = 0
            var invoices = 0
            for name in customers.keys {
                let list = try await harness.stripeCall("GET", "/v1/invoices", [("customer", customers[name]!), ("limit", "100")])
                for invoice in list["data"]?.array ?? [] where invoice["status"]?.string == "paid" && (invoice["amount_paid"]?.int ?? 0) > 0 {
                    paid += invoice["amount_paid"]?.int ?? 0
                    invoices += 1
                }
            }
            let refunds = try await harness.stripeCall("GET", "/v1/refunds", [("limit", "100")])
            let refunded = (refunds["data"]?.array ?? []).reduce(Int64(0)) { $0 + ($1["amount"]?.int ?? 0) }
            let revenue = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/revenue?\(query)&interval=month", key: TestHarness.secretKey)
            let points = revenue.body["points"].array
            let price = points.reduce(Int64(0)) { $0 + Int64($1["values"]["price.USD"].int ?? 0) }
            let refundedByPerennial = points.reduce(Int64(0)) { $0 + Int64($1["values"]["refunded.USD"].int ?? 0) }
            #expect(invoices >= 4 && refunded > 0, "\(invoices) invoices, \(refunded) refunded")
            #expect(price == paid - refunded, "\(revenue.body)")
            #expect(refundedByPerennial == refunded)
            let renewals = try await AppUserIDRouteTests.request(
                harness, .get, "/v1/admin/metrics/renewals?\(query)&interval=month", key: TestHarness.secretKey)
            let counted = renewals.body["points"].array.reduce(0) { $0 + ($1["values"]["count"].int ?? 0) }
            // Each paid invoice after a subscription's first is a renewal.
            #expect(counted == invoices - 3, "\(renewals.body)")
        }
    }
}
