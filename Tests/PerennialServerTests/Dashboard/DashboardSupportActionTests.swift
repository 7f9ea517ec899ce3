import Crypto
import Foundation
import PerennialCore
import PerennialDashboard
import PerennialServices
import PerennialStorage
import Testing

/// A store's support action from the customer page: support extends an App Store renewal date after a page
/// saying what it does; a value Apple would refuse is refused at its field; the App Store's notification
/// then moves the customer's expiry; a viewer is not offered it.
@Suite("Dashboard store actions")
struct DashboardSupportActionTests {
    @Test func supportExtendsAnAppStoreRenewalDate() async throws {
        try await TestHarness.run(notificationVersions: [2], serverAPIKey: P256.Signing.PrivateKey()) { harness in
            let purchase = try await harness.simulator.purchase(account: "zed", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-zed")
            await harness.simulator.deliverDueNotifications()
            let expiry = try #require(try await harness.customer("user-zed").1["subscriptions"][0]["expires_at"].string)
            try await DashboardPeople.create(harness, "sam@example.com", role: .support)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("sam@example.com")
            let path = "/dashboard/apps/forest/customers/user-zed/subscriptions/app_store/\(purchase.originalTransactionID)/actions/extend-renewal"
            let customer = try await browser.get("/dashboard/apps/forest/customers/user-zed")
            #expect(customer.html.contains("<a class=\"store-action\" href=\"\(path)\">Extend the renewal date"))

            let form = try await browser.get(path)
            #expect(form.status == 200 && form.html.contains("at most 90 days") && form.html.contains("id=\"field-days\""))
            #expect(try await browser.post(path, [("days", "5"), ("reason", "1")], csrf: nil).status == 403)
            let tooMany = try await browser.post(path, [("days", "91"), ("reason", "1")], csrf: form.csrf)
            #expect(tooMany.status == 400 && tooMany.html.contains("days: a whole number from 1 to 90"))
            let badReason = try await browser.post(path, [("days", "5"), ("reason", "9")], csrf: form.csrf)
            #expect(badReason.status == 400)
            #expect(try await browser.get(path.replacingOccurrences(of: "extend-renewal", with: "refund")).status == 404)
            #expect(try await browser.get(path.replacingOccurrences(of: "app_store/", with: "stripe/")).status == 404)

            let done = try await browser.post(path, [("days", "5"), ("reason", "1")], csrf: form.csrf)
            #expect(done.status == 200 && done.html.contains("Apple extended the renewal date of \(purchase.originalTransactionID) by 5 days"),
                    "\(done.html)")
            await harness.simulator.deliverDueNotifications()
            let extended = try #require(try await harness.customer("user-zed").1["subscriptions"][0]["expires_at"].string)
            #expect(extended > expiry)
            let entries = try await SQLAuditLog(database: harness.stack.database).entries(appID: "forest", limit: 50)
            #expect(entries.contains { $0.actor == "Sam <sam@example.com>" && $0.path.hasSuffix("actions/extend-renewal") && $0.status == 200 })

            try await DashboardPeople.create(harness, "vic@example.com", role: .viewer)
            var viewer = DashboardBrowser(harness)
            try await viewer.signIn("vic@example.com")
            #expect(try await viewer.get(path).status == 403)
        }
    }
}
