import Foundation
import NIOCore
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

/// The operations and insight pages with real data: retention cohorts, the store notifications received,
/// the health checks' findings, and a webhook endpoint with a replay confirmed and recorded.
@Suite("Dashboard operations")
struct DashboardOperationsTests {
    static let endpoint = ConfiguredWebhookEndpoint(
        id: "crm", input: WebhookEndpointInput(url: "https://93.184.216.34/hooks", description: "the CRM"),
        secret: WebhookSigningSecret(text: "whsec_" + String(repeating: "B", count: 32))!)

    @Test func anAdminReadsRetentionNotificationsHealthAndReplaysAWebhook() async throws {
        try await TestHarness.run(notificationVersions: [2], configuredWebhooks: [Self.endpoint]) { harness in
            let purchase = try await harness.simulator.purchase(account: "ivy", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-ivy")
            _ = try await harness.simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            let junk = try await harness.client.execute(
                uri: "/v1/apple/notifications/forest", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"signedPayload\": \"not.a.jws\"}")) { Int($0.status.code) }
            #expect(junk >= 400)
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ada@example.com")

            let retention = try await browser.get("/dashboard/apps/forest/retention?environment=sandbox")
            #expect(retention.status == 200 && retention.html.contains("<table id=\"retention\""))
            #expect(retention.html.contains("colspan=\"12\">Share that reached renewal"))
            let notifications = try await browser.get("/dashboard/apps/forest/notifications")
            #expect(notifications.status == 200 && notifications.html.contains("DID_CHANGE_RENEWAL_STATUS"), "\(notifications.html)")
            #expect(notifications.html.contains("<span class=\"badge bad\">rejected</span>") && notifications.html.contains("(1 rejected here)"))
            let health = try await browser.get("/dashboard/apps/forest/health")
            #expect(health.status == 200 && health.html.contains("<h1>Health of forest</h1>"))

            let list = try await browser.get("/dashboard/apps/forest/webhooks")
            #expect(list.html.contains("<a href=\"/dashboard/apps/forest/webhooks/crm\">https://93.184.216.34/hooks</a>"))
            let endpoint = try await browser.get("/dashboard/apps/forest/webhooks/crm")
            #expect(endpoint.status == 200 && endpoint.html.contains("id=\"replay\""))
            #expect(try await browser.get("/dashboard/apps/forest/webhooks/nothing").status == 404)
            #expect(try await browser.get("/dashboard/apps/forest/webhooks/crm?state=lost").status == 400)
            let today = CivilDate(utcDayOf: harness.clock.now())
            let question = try await browser.post(
                "/dashboard/apps/forest/webhooks/crm/replay", [("from", today.description), ("to", today.description)], csrf: endpoint.csrf)
            #expect(question.status == 200 && question.html.contains("id=\"confirm-replay\""))
            let replayed = try await browser.post(
                "/dashboard/apps/forest/webhooks/crm/replay", [("from", today.description), ("to", today.description), ("confirmed", "yes")],
                csrf: question.csrf)
            #expect(replayed.status == 303 && replayed.location == "/dashboard/apps/forest/webhooks/crm?done=replayed")
            let backwards = try await browser.post(
                "/dashboard/apps/forest/webhooks/crm/replay", [("from", today.description), ("to", today.adding(days: -2).description)],
                csrf: question.csrf)
            #expect(backwards.status == 400)
            let entries = try await SQLAuditLog(database: harness.stack.database).entries(appID: "forest", limit: 10)
            #expect(entries.contains { $0.path == "/dashboard/apps/forest/webhooks/crm/replay" && $0.actor == "Ada <ada@example.com>" })
        }
    }

    /// The jobs and notifications pages are paged by cursor: a link to the next page while a page is full,
    /// none on the last, and a cursor Perennial did not give refused.
    @Test func jobsAndNotificationsArePagedByCursor() async throws {
        try await TestHarness.run { harness in
            let later = harness.clock.now().adding(milliseconds: 86_400_000 * 30)
            for index in 0..<101 {
                try await harness.stack.jobs.enqueue(NewJob(kind: "test.idle", appID: "forest", payload: Data("\(index)".utf8), runAt: later))
            }
            try await DashboardPeople.create(harness, "ada@example.com", role: .admin)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("ada@example.com")
            let first = try await browser.get("/dashboard/apps/forest/jobs?state=waiting")
            #expect(first.status == 200 && first.html.components(separatedBy: "data-job-id=").count - 1 == 100)
            let link = try #require(first.html.range(of: #"<a href="([^"]+)">Later jobs</a>"#, options: .regularExpression).map {
                String(first.html[$0].dropFirst(9).prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
            })
            let second = try await browser.get(link)
            #expect(second.status == 200 && second.html.components(separatedBy: "data-job-id=").count - 1 == 1)
            #expect(!second.html.contains("Later jobs"))
            #expect(try await browser.get("/dashboard/apps/forest/jobs?state=waiting&after=zz").status == 400)
            #expect(try await browser.get("/dashboard/apps/forest/notifications?after=-5_x").status == 400)
            #expect(!(try await browser.get("/dashboard/apps/forest/notifications").html.contains("Older notifications")))
        }
    }

    @Test func theRetentionPageIsAViewersAndTheOperationsPagesAreNot() async throws {
        try await TestHarness.run { harness in
            try await DashboardPeople.create(harness, "vi@example.com", role: .viewer)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("vi@example.com")
            let retention = try await browser.get("/dashboard/apps/forest/retention")
            #expect(retention.status == 200 && retention.html.contains("No paid subscription began"))
            let payouts = try await browser.get("/dashboard/apps/forest/payouts")
            #expect(payouts.status == 200 && payouts.html.contains("<h1>Payouts of forest</h1>") && payouts.html.contains("No payment falls"))
            #expect(try await browser.get("/dashboard/apps/forest/payouts?from=2026-13-01").status == 400)
            for page in ["notifications", "webhooks", "webhooks/crm", "health", "paywalls"] {
                #expect(try await browser.get("/dashboard/apps/forest/\(page)").status == 403, "\(page)")
            }
        }
    }
}
