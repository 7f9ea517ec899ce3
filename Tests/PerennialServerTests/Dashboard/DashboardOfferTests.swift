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
            let page = try await browser.get("/dashboard/apps/forest/offers?environment=sandbox")
            #expect(page.status == 200 && page.html.contains("<h1>Offers of forest</h1>"))
            #expect(page.html.contains("<table id=\"offers\"") || page.html.contains("No offer was redeemed"))
            #expect(try await browser.get("/dashboard/apps/forest/offers?from=2026-01-02&to=2026-01-01").status == 400)
        }
    }
}
