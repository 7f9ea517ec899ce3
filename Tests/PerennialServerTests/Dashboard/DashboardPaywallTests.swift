import Crypto
import Foundation
import HTTPTypes
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

/// The paywall editor (problems shown at their field, nothing saved; a valid document saved as a revision
/// under the person's name), an experiment's results page, and the customer page's other actions.
@Suite("Dashboard paywalls and customer actions")
struct DashboardPaywallTests {
    /// A paywall previewed at phone and desktop widths: the page frames the web paywall's HTML, which only
    /// the dashboard may frame and whose form goes nowhere; no customer or exposure is recorded, even on a
    /// placement under experiment.
    @Test func anAdminPreviewsAPaywallWithoutRecordingAnExposure() async throws {
        try await TestHarness.run(configureApp: PaywallSetup.pricedCatalog) { harness in
            let document = PaywallSetup.document(stripePrice: nil, experiments: [PaywallExperimentTests.experiment])
            #expect(try await PaywallSetup.put(harness, document).status == 201)
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            try await DashboardPeople.create(harness, "vic@example.com", role: .viewer)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ada@example.com")
            let list = try await browser.get("/dashboard/apps/forest/paywalls")
            #expect(list.html.contains("<a href=\"/dashboard/apps/forest/paywalls/bold/preview\">bold</a>"))
            #expect(!list.html.contains("/p/forest/"), "no link to the live page, which records an exposure")

            let page = try await browser.get("/dashboard/apps/forest/paywalls/plain/preview?locale=fr&country=FR")
            #expect(page.status == 200)
            #expect(page.html.contains("src=\"/dashboard/apps/forest/paywalls/plain/preview/frame?locale=fr&amp;country=FR&amp;v=1&amp;device=phone\""))
            #expect(page.html.contains("&amp;device=desktop\" width=\"1280\""))
            let frame = try await browser.get("/dashboard/apps/forest/paywalls/plain/preview/frame?locale=fr&country=FR&device=phone")
            #expect(frame.status == 200 && frame.html.contains("Passez Pro"), "\(frame.html)")
            let policy = frame.headers[HTTPField.Name("Content-Security-Policy")!] ?? ""
            #expect(policy.contains("frame-ancestors 'self'") && policy.contains("form-action 'none'"))
            #expect(frame.headers[HTTPField.Name("X-Frame-Options")!] == "SAMEORIGIN")
            #expect(try await browser.get("/dashboard/apps/forest/paywalls").headers[HTTPField.Name("X-Frame-Options")!] == "DENY")

            #expect(try await browser.get("/dashboard/apps/forest/paywalls/missing/preview").status == 404)
            #expect(try await browser.get("/dashboard/apps/forest/paywalls/plain/preview?locale=%3Cscript%3E").status == 400)
            #expect(try await browser.get("/dashboard/apps/forest/paywalls/plain/preview/frame?device=fridge").status == 400)
            var viewer = DashboardBrowser(harness)
            try await viewer.signIn("vic@example.com")
            #expect(try await viewer.get("/dashboard/apps/forest/paywalls/plain/preview/frame").status == 403)

            let arms = try await PaywallSetup.admin(harness, .get, "/v1/admin/experiments/onboarding-2026/results").body["arms"].array
            #expect(!arms.isEmpty && arms.allSatisfy { $0["exposures"].int == 0 })
        }
    }

    @Test func anAdminEditsThePaywallDocumentAndReadsAnExperimentsVerdict() async throws {
        try await TestHarness.run(configureApp: PaywallSetup.pricedCatalog) { harness in
            let document = PaywallSetup.document(stripePrice: nil, experiments: [PaywallExperimentTests.experiment])
            #expect(try await PaywallSetup.put(harness, document).status == 201)
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ada@example.com")
            let page = try await browser.get("/dashboard/apps/forest/paywalls")
            #expect(page.status == 200 && page.html.contains("Revision 1 is served."))
            #expect(page.html.contains("<td>onboarding</td>") && page.html.contains("href=\"/dashboard/apps/forest/experiments/onboarding-2026\""))
            #expect(page.html.contains("&quot;placements&quot;"), "the document in the editor, escaped")

            var broken = document
            var placements = try #require(broken["placements"] as? [[String: Any]])
            placements[0]["default_paywall"] = "missing"
            broken["placements"] = placements
            let brokenText = String(decoding: try JSONSerialization.data(withJSONObject: broken), as: UTF8.self)
            let refused = try await browser.post(
                "/dashboard/apps/forest/paywalls", [("document", brokenText), ("base_revision", "1")], csrf: page.csrf)
            #expect(refused.status == 422)
            #expect(refused.html.contains("<code>placements[0].default_paywall</code>"), "\(refused.html)")
            #expect(refused.html.contains("aria-invalid=\"true\""))
            let notJSON = try await browser.post("/dashboard/apps/forest/paywalls", [("document", "{nope")], csrf: page.csrf)
            #expect(notJSON.status == 422)
            #expect(try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls").body["revision"].int == 1, "nothing saved")

            let validText = String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
            let saved = try await browser.post(
                "/dashboard/apps/forest/paywalls", [("document", validText), ("base_revision", "1"), ("note", "same again")], csrf: page.csrf)
            #expect(saved.status == 303)
            #expect(try await browser.get(saved.location ?? "").html.contains("Saved as revision 2"))
            let stale = try await browser.post(
                "/dashboard/apps/forest/paywalls", [("document", validText), ("base_revision", "1")], csrf: page.csrf)
            #expect(stale.status == 409, "another revision was saved since")
            let entries = try await SQLAuditLog(database: harness.stack.database).entries(appID: "forest", limit: 10)
            #expect(entries.contains { $0.path == "/dashboard/apps/forest/paywalls" && $0.actor == "Ada <ada@example.com>" && $0.status == 303 })

            let results = try await browser.get("/dashboard/apps/forest/experiments/onboarding-2026")
            #expect(results.status == 200 && results.html.contains("<table id=\"arms\"") && results.html.contains("<th scope=\"row\">bold</th>"))
            #expect(try await browser.get("/dashboard/apps/forest/experiments/nothing").status == 404)
        }
    }

    @Test func supportAsksTheStoresAgainAndOnlyAnAdminErases() async throws {
        try await TestHarness.run(serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "eve", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-eve")
            try await DashboardPeople.create(harness, "sam@example.com", role: .support)
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            var sam = DashboardBrowser(harness)
            try await sam.signIn("sam@example.com")
            let page = try await sam.get("/dashboard/apps/forest/customers/user-eve")
            #expect(page.html.contains("id=\"refresh\"") && !page.html.contains("id=\"erase\""))
            let question = try await sam.post("/dashboard/apps/forest/customers/user-eve/refresh", [], csrf: page.csrf)
            #expect(question.status == 200 && question.html.contains("id=\"confirm-refresh\""))
            #expect(try await harness.stack.jobs.jobs(appID: "forest", state: .waiting, limit: 50).filter { $0.kind == StoreStatusPollJob.jobKind }.isEmpty)
            let asked = try await sam.post("/dashboard/apps/forest/customers/user-eve/refresh", [("confirmed", "yes")], csrf: page.csrf)
            #expect(asked.status == 303 && asked.location == "/dashboard/apps/forest/customers/user-eve?done=refresh")
            let polls = try await harness.stack.jobs.jobs(appID: "forest", state: nil, limit: 50).filter { $0.kind == StoreStatusPollJob.jobKind }
            #expect(polls.count == 1)
            #expect(try await sam.post("/dashboard/apps/forest/customers/user-eve/erase", [("confirmed", "yes")], csrf: page.csrf).status == 403)

            var ada = DashboardBrowser(harness)
            try await ada.signIn("ada@example.com")
            let adminPage = try await ada.get("/dashboard/apps/forest/customers/user-eve")
            let confirm = try await ada.post("/dashboard/apps/forest/customers/user-eve/erase", [], csrf: adminPage.csrf)
            #expect(confirm.status == 200 && confirm.html.contains("This cannot be undone."))
            #expect(try await harness.customer("user-eve").status == 200, "the question erased nothing")
            let erased = try await ada.post("/dashboard/apps/forest/customers/user-eve/erase", [("confirmed", "yes")], csrf: adminPage.csrf)
            #expect(erased.status == 303 && erased.location?.hasPrefix("/dashboard/apps/forest/customers?erased=%24erased%3A") == true)
            #expect(try await harness.customer("user-eve").status == 404)
            #expect(try await ada.get("/dashboard/apps/forest/customers/user-eve").status == 404)
        }
    }
}
