import Foundation
import HTTPTypes
import NIOCore
import PerennialCore
import PerennialStorage
import Testing

/// The web paywall in-process: the page a customer's link renders (escaped, no key needed, nothing but its
/// own style allowed), its form starting the Stripe Checkout of the chosen package, the purchase coming
/// back as an entitlement, and the pages that say what went wrong. (scripts/check-web-paywall.sh drives
/// the same page in a real browser.)
@Suite("Web paywall")
struct WebPaywallRouteTests {
    static func get(_ harness: TestHarness, _ uri: String) async throws -> (status: Int, headers: HTTPFields, html: String) {
        try await harness.client.execute(uri: uri, method: .get, headers: [:]) {
            (Int($0.status.code), $0.headers, String(buffer: $0.body))
        }
    }

    static func post(_ harness: TestHarness, _ uri: String, form: String) async throws -> (status: Int, headers: HTTPFields, html: String) {
        try await harness.client.execute(
            uri: uri, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: form)
        ) { (Int($0.status.code), $0.headers, String(buffer: $0.body)) }
    }

    @Test func thePageSellsThePackagesOnTheWebAndItsFormStartsTheCheckout() async throws {
        try await TestHarness.run(
            configureApp: PaywallSetup.pricedCatalog, withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }
        ) { harness in
            var document = PaywallSetup.document(stripePrice: harness.stripePriceID)
            var paywalls = try #require(document["paywalls"] as? [[String: Any]])
            paywalls[0]["strings"] = ["en": ["title": "Go <b>Pro</b> & more", "call_to_action": "Subscribe", "features": "One\nTwo"]]
            document["paywalls"] = paywalls
            #expect(try await PaywallSetup.put(harness, document).status == 201)

            let page = try await Self.get(harness, "/p/forest/onboarding?app_user_id=webby&locale=en&device=desktop")
            #expect(page.status == 200 && page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(page.html.contains("<h1 id=\"paywall-title\">Go &lt;b&gt;Pro&lt;/b&gt; &amp; more</h1>"), "\(page.html)")
            #expect(page.html.contains("<li>One</li>") && page.html.contains("<li>Two</li>"))
            // The form carries the page's request, so the checkout resolves the paywall the page showed.
            #expect(page.html.contains(#"<input type="hidden" name="locale" value="en">"#) && page.html.contains(#"name="device" value="desktop""#))
            #expect(page.html.contains("value=\"monthly\" checked"), "only the monthly package is sold on the web")
            #expect(!page.html.contains("value=\"annual\""))
            #expect(page.html.contains("$9.99") && page.html.contains("<script") == false)
            let style = try await Self.get(harness, "/p/paywall.css?v=1")
            #expect(style.status == 200 && style.headers[.contentType] == "text/css; charset=utf-8")

            let checkout = try await Self.post(harness, "/p/forest/onboarding/checkout", form: "app_user_id=webby&package=monthly&locale=en&device=desktop")
            #expect(checkout.status == 303, "\(checkout.html)")
            let location = try #require(checkout.headers[.location])
            #expect(location.contains("/simulator/stripe/checkout/cs_"), "\(location)")
            let sessionID = String(try #require(location.split(separator: "/").last))
            _ = try await #require(harness.stripe).completeCheckoutSession(sessionID)
            await harness.deliverStripeWebhooks()
            #expect(try await harness.customer("webby").body["entitlements"][0]["identifier"].string == "pro")
            let after = try await Self.get(harness, "/p/forest/onboarding?app_user_id=webby")
            #expect(after.html.contains("You already have access"))
            // What the page showed is in the exposure log, with the request it answered.
            let exposures = try await SQLLedger(database: harness.stack.database).read {
                try await $0.paywallExposures(appID: "forest", appUserID: "webby", limit: 10)
            }
            #expect(exposures.first?.paywallID == "plain" && exposures.first?.revision == 1)
            #expect(exposures.first?.context.contains("\"platform\":\"web\"") == true, "\(exposures)")
        }
    }

    @Test func mistakesInTheLinkArePagesWithTheirStatus() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            #expect(try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: harness.stripePriceID)).status == 201)
            let unknownApp = try await Self.get(harness, "/p/nowhere/onboarding?app_user_id=ann")
            #expect(unknownApp.status == 404 && unknownApp.html.contains("This page is not available"))
            let noUser = try await Self.get(harness, "/p/forest/onboarding")
            #expect(noUser.status == 400 && noUser.html.contains("app_user_id"))
            let noPlacement = try await Self.get(harness, "/p/forest/nowhere?app_user_id=ann")
            #expect(noPlacement.status == 404)
            let hostile = try await Self.get(harness, "/p/forest/onboarding?app_user_id=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(!hostile.html.contains("<script>"), "\(hostile.html)")
            let notSold = try await Self.post(harness, "/p/forest/onboarding/checkout", form: "app_user_id=ann&package=annual")
            #expect(notSold.status == 400 && notSold.html.contains("not one this paywall sells on the web"))
            let noPackage = try await Self.post(harness, "/p/forest/onboarding/checkout", form: "app_user_id=ann")
            #expect(noPackage.status == 400)
            let garbage = try await Self.post(harness, "/p/forest/onboarding/checkout", form: "%%%=&&=")
            #expect((400..<500).contains(garbage.status), "\(garbage.status)")
        }
    }
}
