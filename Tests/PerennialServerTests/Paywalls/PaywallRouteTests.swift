import Foundation
import PerennialCore
import Testing

/// The paywall routes end to end: a document saved as revisions, refused with every field at fault, the
/// paywall resolved for a customer (strings, variables, storefront prices), changes served from the next
/// request, rollback, and nothing for a customer already entitled.
@Suite("Paywall routes")
struct PaywallRouteTests {
    @Test func savedRevisionsServeResolvedPaywallsAndRollBack() async throws {
        try await TestHarness.run(configureApp: PaywallSetup.pricedCatalog) { harness in
            #expect(try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls").status == 404)
            // No paywalls yet: the placement is unknown.
            #expect(try await PaywallSetup.paywall(harness, "ann", "placement=onboarding").body["error"]["code"].string == "placement_not_found")

            let saved = try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil), query: "?base_revision=0&note=first")
            #expect(saved.status == 201, "\(saved.body)")
            #expect(saved.body["revision"].int == 1 && saved.body["note"].string == "first")

            // A new customer on an iPhone in French (Canada): the French strings, variables filled, US list prices.
            let french = try await PaywallSetup.paywall(harness, "ann", "placement=onboarding&platform=ios&device=phone&locale=fr-CA")
            #expect(french.status == 200, "\(french.body)")
            #expect(french.body["paywall_id"].string == "plain" && french.body["locale"].string == "fr" && french.body["revision"].int == 1)
            #expect(french.body["strings"]["title"].string == "Passez Pro")
            // French formatting separates with no-break spaces.
            let action = french.body["strings"]["call_to_action"].string?.replacingOccurrences(of: "\u{202F}", with: " ")
                .replacingOccurrences(of: "\u{00A0}", with: " ")
            #expect(action == "Essai de 1 week, puis 4,17 $ US par mois", "\(french.body)")
            #expect(french.body["strings"]["subtitle"].string == "Bonjour ", "an attribute the customer lacks is empty")
            #expect(french.body["default_package"].string == "annual")
            #expect(french.body["packages"].array.map { $0["product_id"].string ?? "" } == ["pro.monthly", "pro.yearly"])
            #expect(french.body["packages"][1]["price"]["amount_minor"].int == 4999)
            #expect(french.body["images"]["header"].string == "https://cdn.example/pro.png")
            #expect(french.body["experiment"].isNull && french.body["rule"].isNull)

            // In France the monthly package has its storefront's price; a tablet matches the rule.
            let tablet = try await PaywallSetup.paywall(harness, "ann", "placement=onboarding&platform=ios&device=tablet&country=FR&locale=en")
            #expect(tablet.body["paywall_id"].string == "bold" && tablet.body["rule"].string == "tablets")
            #expect(tablet.body["packages"][0]["price"]["currency"].string == "EUR" && tablet.body["packages"][0]["price"]["formatted"].string == "€10.99")

            // A change is served from the next request, as revision 2; revision 1 stays as it was.
            var changed = PaywallSetup.document(stripePrice: nil)
            var paywalls = try #require(changed["paywalls"] as? [[String: Any]])
            paywalls[0] = PaywallSetup.paywall("plain", title: "Unlock everything", frenchTitle: "Tout débloquer")
            changed["paywalls"] = paywalls
            #expect(try await PaywallSetup.put(harness, changed, query: "?base_revision=0").status == 409, "based on a revision no longer the newest")
            #expect(try await PaywallSetup.put(harness, changed, query: "?base_revision=1").body["revision"].int == 2)
            let second = try await PaywallSetup.paywall(harness, "ann", "placement=onboarding&platform=ios")
            #expect(second.body["strings"]["title"].string == "Unlock everything" && second.body["revision"].int == 2)
            let first = try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls/revisions/1")
            #expect(first.body["document"]["paywalls"][0]["strings"]["en"]["title"].string == "Go Pro")

            // Rollback: a third revision with the first one's content.
            let rollback = try await PaywallSetup.admin(harness, .post, "/v1/admin/paywalls/revisions/1/rollback")
            #expect(rollback.status == 201 && rollback.body["revision"].int == 3 && rollback.body["note"].string == "rollback to 1")
            #expect(try await PaywallSetup.paywall(harness, "ann", "placement=onboarding").body["strings"]["title"].string == "Go Pro")
            let list = try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls/revisions?limit=2")
            #expect(list.body["revisions"].array.map { $0["revision"].int ?? 0 } == [3, 2])
            #expect(list.body["revisions"][0]["document"].isNull, "lists leave documents out")
            #expect(try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls/revisions/9").status == 404)
        }
    }

    @Test func aDocumentIsRefusedWithEveryFieldAtFault() async throws {
        try await TestHarness.run { harness in
            var document = PaywallSetup.document(stripePrice: nil)
            var offerings = try #require(document["offerings"] as? [[String: Any]])
            offerings[0]["packages"] = [
                ["id": "monthly", "products": ["app_store": "pro.nope", "stripe": "price_x"]],
                ["id": "custom", "products": ["app_store": "pro.yearly"]],
            ]
            document["offerings"] = offerings
            var paywalls = try #require(document["paywalls"] as? [[String: Any]])
            paywalls[0]["strings"] = ["en": ["title": "Hi {{product.colour}}", "call_to_action": "Buy"], "fr": ["title": "Salut"]]
            paywalls[1]["offer"] = ["type": "promotional", "id": "no-such-offer"]
            paywalls[1]["default_package"] = "monthly"
            document["paywalls"] = paywalls
            let refused = try await PaywallSetup.put(harness, document)
            #expect(refused.status == 422)
            #expect(refused.body["error"]["code"].string == "invalid_paywall_document")
            let message = refused.body["error"]["message"].string ?? ""
            for expected in [
                "offerings[0].packages[0].products.app_store: no product pro.nope in the app's catalog",
                "offerings[0].packages[0].products.stripe: no product price_x in the app's catalog",
                "offerings[0].packages[1].period: custom is not a standard package id",
                "paywalls[0].strings.en.title: unknown variable {{product.colour}}",
                "paywalls[0].strings.fr.call_to_action: missing",
                "paywalls[0].default_package: offering default has no package annual",
                "paywalls[1].offer.id: the default package has no App Store product to offer no-such-offer on",
            ] {
                #expect(message.contains(expected), "\(expected) in \(message)")
            }
            // The check endpoint lists the same problems, one per field, without saving.
            let checked = try await AppUserIDRouteTests.request(harness, .post, "/v1/admin/paywalls/check", key: TestHarness.secretKey, json: document)
            #expect(checked.status == 200 && checked.body["valid"].bool == false)
            #expect(checked.body["problems"].array.contains { $0["field"].string == "paywalls[0].strings.fr.call_to_action" })
            // A wrongly typed field is named too; nothing was saved.
            var mistyped = PaywallSetup.document(stripePrice: nil)
            mistyped["placements"] = [["id": "onboarding", "rules": [["name": "x", "when": ["stage": "new"], "paywall": "plain"]]]]
            let typed = try await PaywallSetup.put(harness, mistyped)
            #expect(typed.status == 422 && (typed.body["error"]["message"].string ?? "").hasPrefix("placements[0].rules[0].when.stage"), "\(typed.body)")
            #expect(try await PaywallSetup.admin(harness, .get, "/v1/admin/paywalls").status == 404)
        }
    }

    @Test func anEntitledCustomerGetsNoPaywallUnlessThePlacementSaysSo() async throws {
        try await TestHarness.run(configureApp: PaywallSetup.pricedCatalog) { harness in
            #expect(try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: nil)).status == 201)
            let purchase = try await harness.simulator.purchase(account: "bea", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "bea").status == 200)
            let onboarding = try await PaywallSetup.paywall(harness, "bea", "placement=onboarding&platform=ios")
            #expect(onboarding.status == 204)
            let settings = try await PaywallSetup.paywall(harness, "bea", "placement=settings&platform=ios")
            #expect(settings.status == 200 && settings.body["paywall_id"].string == "plain")
        }
    }

    static let badParameters = [
        ("placement=", "placement"), ("placement=onboarding&platform=windows", "platform"), ("placement=onboarding&device=watch", "device"),
        ("placement=onboarding&app_version=x1", "app_version"), ("placement=onboarding&country=FRA", "country"),
        ("placement=onboarding&locale=%3Cscript%3E", "locale"), ("placement=on%20boarding", "placement"),
    ]

    /// One server for every case: a harness each would start seven servers at once beside the rest of the suite.
    @Test func badParametersAreRefusedByName() async throws {
        try await TestHarness.run { harness in
            for (query, field) in Self.badParameters {
                let answer = try await PaywallSetup.paywall(harness, "ann", query)
                #expect(answer.status == 400 && answer.body["error"]["code"].string == "invalid_paywall_request", "\(query): \(answer.body)")
                #expect((answer.body["error"]["message"].string ?? "").hasPrefix(field), "\(query): \(answer.body)")
            }
        }
    }
}
