import Crypto
import Foundation
import HTTPTypes
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

/// The pages with real data: a customer bought through the App Store simulator found by each of their ids,
/// their page, an offer granted after its confirmation, a dead letter retried, the overview's figures as
/// the metrics API gives them, and every change in the audit log under the person's name.
@Suite("Dashboard pages")
struct DashboardPageTests {
    /// A web customer is found by their Stripe subscription id, their Stripe customer id (`cus_…`, what
    /// Stripe's receipts and dashboard show support) and their email (a sealed attribute, by its digest).
    @Test func supportFindsAWebCustomerByStripeCustomerIDAndEmail() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            let subscriptionID = try await harness.buyOnTheWeb(appUserID: "wes")
            let customerID = try #require(try await harness.stripeCall("GET", "/v1/subscriptions/\(subscriptionID)")["customer"]?.string)
            #expect(customerID.hasPrefix("cus_"))
            try await DashboardPeople.create(harness, "sam@example.com", role: .support)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("sam@example.com")
            let attributes = try await AppUserIDRouteTests.request(
                harness, .put, "/v1/customers/wes/attributes", json: ["attributes": ["$email": "Wes@Example.com"]])
            #expect(attributes.status == 204)
            for query in [subscriptionID, customerID, "wes%40example.com"] {
                let found = try await browser.get("/dashboard/apps/forest/customers?q=\(query)")
                #expect(found.status == 200 && found.html.contains("<a class=\"customer\" href=\"/dashboard/apps/forest/customers/wes\">wes</a>"),
                        "\(query): \(found.html)")
            }
        }
    }

    @Test func supportFindsACustomerReadsTheTimelineAndGrantsAnOffer() async throws {
        try await TestHarness.run(offerKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "dee", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user/dee <1>")
            try await DashboardPeople.create(harness, "sam@example.com", role: .support)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("sam@example.com")
            let customerPath = "/dashboard/apps/forest/customers/user%2Fdee%20%3C1%3E"
            for query in ["user%2Fdee%20%3C1%3E", purchase.originalTransactionID] {
                let found = try await browser.get("/dashboard/apps/forest/customers?q=\(query)")
                #expect(found.status == 200)
                #expect(found.html.contains("<a class=\"customer\" href=\"\(customerPath)\">user/dee &lt;1&gt;</a>"), "\(found.html)")
            }
            let nothing = try await browser.get("/dashboard/apps/forest/customers?q=nobody")
            #expect(nothing.status == 200 && nothing.html.contains("No customer matches"))

            let page = try await browser.get(customerPath)
            #expect(page.status == 200)
            #expect(page.html.contains("<h1>Customer <span class=\"id\">user/dee &lt;1&gt;</span></h1>"))
            #expect(page.html.contains("data-subscription=\"app_store:\(purchase.originalTransactionID)\""))
            #expect(page.html.contains("data-kind=\"initial_purchase\"") && page.html.contains("data-kind=\"transaction\""))
            #expect(page.html.contains("<td>pro</td>"), "the pro entitlement")
            #expect(page.html.contains(" data-instant title=\"") && page.html.contains(" UTC\">"))

            // Granting asks first, and the question changes nothing.
            let question = try await browser.post(
                customerPath + "/grant-offer", [("offer_id", "pro.monthly sorry"), ("reason", "outage"), ("days", "7")], csrf: page.csrf)
            #expect(question.status == 200 && question.html.contains("id=\"confirm-grant\""))
            #expect(question.html.contains("Grant sorry to user/dee &lt;1&gt;?"))
            #expect(try await Self.offerIDs(harness, "user%2Fdee%20%3C1%3E").isEmpty)
            let granted = try await browser.post(
                customerPath + "/grant-offer", [("offer_id", "pro.monthly sorry"), ("reason", "outage"), ("days", "7"), ("confirmed", "yes")],
                csrf: question.csrf)
            #expect(granted.status == 303 && granted.location == customerPath + "?done=offer-granted")
            #expect(try await browser.get(granted.location ?? "").html.contains("role=\"status\""))
            #expect(try await Self.offerIDs(harness, "user%2Fdee%20%3C1%3E") == ["sorry"])
            // An offer the catalog lacks is refused.
            let unknown = try await browser.post(
                customerPath + "/grant-offer", [("offer_id", "pro.monthly nothing"), ("confirmed", "yes")], csrf: page.csrf)
            #expect(unknown.status == 404)

            let entries = try await SQLAuditLog(database: harness.stack.database).entries(appID: "forest", limit: 50)
            #expect(entries.contains { $0.actor == "Sam <sam@example.com>" && $0.method == "POST" && $0.status == 303 })
        }
    }

    /// The offers the customer's app is offered now.
    static func offerIDs(_ harness: TestHarness, _ encodedAppUserID: String) async throws -> [String] {
        try await harness.client.execute(
            uri: "/v1/customers/\(encodedAppUserID)/offers", method: .get, headers: [.authorization: "Bearer \(TestHarness.publicKey)"]
        ) { try JSONObject($0.body) }["offers"].array.compactMap { $0["offer_id"].string }
    }

    @Test func anAdminRetriesADeadLetterAndTheAuditLogNamesThem() async throws {
        try await TestHarness.run { harness in
            let jobs = harness.stack.jobs
            let now = harness.clock.now()
            try await jobs.enqueue(NewJob(kind: "receipt.validate", appID: "forest", payload: Data("sealed".utf8), runAt: now))
            let claimed = try #require(try await jobs.claim(kinds: ["receipt.validate"], now: now, leaseMilliseconds: 1_000))
            try await jobs.bury(jobID: claimed.id, error: "store_unavailable")
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ada@example.com")
            let page = try await browser.get("/dashboard/apps/forest/jobs?state=dead")
            #expect(page.html.contains("data-job-id=\"\(claimed.id)\"") && page.html.contains("store_unavailable"))
            let retried = try await browser.post("/dashboard/apps/forest/jobs/\(claimed.id)/retry", [], csrf: page.csrf)
            #expect(retried.status == 303)
            #expect(try await browser.get(retried.location ?? "").html.contains("Job \(claimed.id) is back in the queue"))
            #expect(try await jobs.jobs(appID: "forest", state: .buried, limit: 10).isEmpty)
            #expect(try await browser.post("/dashboard/apps/forest/jobs/\(claimed.id)/retry", [], csrf: page.csrf).status == 404)
            let audit = try await browser.get("/dashboard/apps/forest/audit")
            #expect(audit.html.contains("Ada &lt;ada@example.com&gt;"))
            #expect(audit.html.contains("POST /dashboard/apps/forest/jobs/\(claimed.id)/retry"))
        }
    }

    @Test func theOverviewShowsTheMetricsAPIsFigures() async throws {
        try await TestHarness.run { harness in
            for account in ["a", "b", "c"] {
                let purchase = try await harness.simulator.purchase(account: account, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-\(account)")
            }
            try await DashboardPeople.create(harness, "vi@example.com", role: .viewer)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("vi@example.com")
            let today = CivilDate(utcDayOf: harness.clock.now())
            let range = "from=\(today.adding(days: -6))&to=\(today)&environment=sandbox"
            let page = try await browser.get("/dashboard/apps/forest/overview?\(range)")
            #expect(page.status == 200)
            for (metric, key, stock) in [("active_subscriptions", "total", true), ("new_subscriptions", "paid", false)] {
                let series = try await harness.client.execute(
                    uri: "/v1/admin/metrics/\(metric)?\(range)&interval=day", method: .get,
                    headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
                ) { try JSONObject($0.body) }
                let values = series["points"].array.map { Int64($0["values"][key].int ?? 0) }
                let expected = stock ? values.last ?? 0 : values.reduce(0, +)
                #expect(page.figure(metric, key) == expected, "\(metric).\(key)")
                #expect(expected > 0, "\(metric).\(key) has data")
            }
            #expect(page.html.contains("<svg viewBox"))
            #expect(!page.html.contains("What makes this number"), "a viewer sees no customers")
            let bad = try await browser.get("/dashboard/apps/forest/overview?from=2026-02-30")
            #expect(bad.status == 400)
        }
    }
}
