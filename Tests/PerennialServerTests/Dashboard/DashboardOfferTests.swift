import Foundation
import PerennialCore
@testable import PerennialDashboard
import Testing

/// The offers page: the `offers` metric's values read by offer from the end of each key (an offer's id may
/// hold dots), and the page itself for a viewer.
@Suite("Dashboard offers")
struct DashboardOfferTests {
    @Test func valuesAreReadByOfferFromTheEndOfTheirKeys() {
        let offers = OfferRoutes.offers([
            "promotional:win.back.2026.redemptions": 3, "promotional:win.back.2026.renewals_after": 5,
            "promotional:win.back.2026.proceeds_after.USD": 4_995, "introductory:pro.monthly.redemptions": 7,
            "introductory:pro.monthly.proceeds_after.EUR": 1_000, "unrelated": 1,
        ])
        #expect(offers.map(\.0) == ["introductory:pro.monthly", "promotional:win.back.2026"])
        #expect(offers[1].1 == ["redemptions": 3, "renewals_after": 5, "proceeds_after.USD": 4_995])
        #expect(offers[0].1 == ["redemptions": 7, "proceeds_after.EUR": 1_000])
    }

    @Test func aViewerSeesTheOffersRedeemedAndWhatTheyWonBack() async throws {
        try await TestHarness.run { harness in
            let purchase = try await harness.simulator.purchase(account: "tia", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            _ = try await harness.postReceipt(purchase.receiptData, appUserID: "user-tia")
            try await DashboardPeople.create(harness, "vi@example.com", role: .viewer)
            var browser = DashboardBrowser(harness)
            try await browser.signIn("vi@example.com")
            let today = CivilDate(utcDayOf: harness.clock.now())
            let range = "from=\(today.adding(days: -6))&to=\(today)&environment=sandbox"
            let page = try await browser.get("/dashboard/apps/forest/offers?\(range)")
            #expect(page.status == 200 && page.html.contains("<h1>Offers of forest</h1>"))
            // The page shows what the metrics API says was redeemed: each offer with its redemptions, or none.
            let series = try await harness.client.execute(
                uri: "/v1/admin/metrics/offers?\(range)&interval=day", method: .get, headers: [.authorization: "Bearer \(TestHarness.secretKey)"]
            ) { try JSONObject($0.body) }
            var sums: [String: Int64] = [:]
            for point in series["points"].array {
                for (key, value) in point["values"].value as? [String: Any] ?? [:] {
                    sums[key, default: 0] += (value as? NSNumber)?.int64Value ?? 0
                }
            }
            let offers = OfferRoutes.offers(sums)
            #expect(page.html.contains("<table id=\"offers\"") == !offers.isEmpty)
            #expect(page.html.contains("No offer was redeemed") == offers.isEmpty)
            for (offer, values) in offers {
                let identifier = offer.split(separator: ":", maxSplits: 1).last.map(String.init) ?? offer
                #expect(page.html.contains("<td class=\"id\">\(identifier)</td><td class=\"number\">\(values["redemptions"] ?? 0)</td>"), "\(offer)")
            }
            #expect(try await browser.get("/dashboard/apps/forest/offers?from=2026-01-02&to=2026-01-01").status == 400)
        }
    }
}
