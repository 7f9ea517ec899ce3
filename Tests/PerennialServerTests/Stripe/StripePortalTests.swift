import Testing

/// The billing portal link: for the team's backend only, for a customer who subscribed on Stripe; and
/// neither it nor a Checkout Session for an app without Stripe settings.
@Suite("Stripe portal and settings")
struct StripePortalTests {
    @Test func aWebSubscriberGetsAPortalLinkThroughTheSecretKeyOnly() async throws {
        try await TestHarness.run(withStripe: true) { harness in
            _ = try await harness.buyOnTheWeb(appUserID: "pam")
            let portal = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/pam/stripe/portal", key: TestHarness.secretKey,
                json: ["return_url": "https://example.com/account"])
            #expect(portal.status == 200)
            #expect(portal.body["url"].string?.hasPrefix("http") == true, "\(portal.body)")

            let withPublicKey = try await AppUserIDRouteTests.request(harness, .post, "/v1/customers/pam/stripe/portal", json: [:])
            #expect(withPublicKey.status == 403)
            #expect(withPublicKey.body["error"]["code"].string == "secret_key_required")

            let nobody = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/nobody/stripe/portal", key: TestHarness.secretKey, json: [:])
            #expect(nobody.status == 404)
            #expect(nobody.body["error"]["code"].string == "stripe_customer_not_found")
        }
    }

    @Test func anAppWithoutStripeSettingsSellsNothingOnTheWeb() async throws {
        try await TestHarness.run(withStripe: false) { harness in
            let checkout = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/stripe/checkout-sessions", json: ["app_user_id": "pam", "product_id": "price_pro_monthly"])
            #expect(checkout.status == 422)
            #expect(checkout.body["error"]["code"].string == "stripe_not_configured")
            let portal = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/pam/stripe/portal", key: TestHarness.secretKey, json: [:])
            #expect(portal.status == 422)
            #expect(portal.body["error"]["code"].string == "stripe_not_configured")
        }
    }
}
