import Foundation
import PerennialCore
import Testing

/// An experiment end to end with the simulators: two variants on the onboarding placement, customers of
/// one buy more (on the App Store and on the web through Stripe), and the results endpoint counts them.
@Suite("Paywall experiments end to end")
struct PaywallExperimentTests {
    static var experiment: [String: Any] { [
        "id": "onboarding-2026", "placement": "onboarding", "minimum_exposures_per_variant": 100, "minimum_days": 7,
        "variants": [["id": "control", "paywall": "plain", "weight": 1], ["id": "bold", "paywall": "bold", "weight": 1]],
    ] }

    @Test func theVariantWhoseCustomersBuyMoreIsReportedWithItsCountsAndRevenue() async throws {
        try await TestHarness.run(
            configureApp: PaywallSetup.pricedCatalog, withStripe: true, configureStripe: { $0.checkout?.trialDays = nil }
        ) { harness in
            let saved = try await PaywallSetup.put(harness, PaywallSetup.document(stripePrice: harness.stripePriceID, experiments: [Self.experiment]))
            #expect(saved.status == 201, "\(saved.body)")
            #expect(try await PaywallSetup.admin(harness, .post, "/v1/admin/experiments/onboarding-2026/start").body["revision"].int == 2)
            #expect(try await PaywallSetup.admin(harness, .post, "/v1/admin/experiments/onboarding-2026/start").status == 409)

            var arms: [String: [String]] = [:]
            for index in 0..<40 {
                let id = "shopper-\(index)"
                let platform = index.isMultiple(of: 2) ? "ios" : "web"
                let answer = try await PaywallSetup.paywall(harness, id, "placement=onboarding&platform=\(platform)")
                #expect(answer.status == 200, "\(answer.body)")
                let variant = try #require(answer.body["experiment"]["variant_id"].string)
                #expect(answer.body["paywall_id"].string == (variant == "bold" ? "bold" : "plain"))
                arms[variant, default: []].append(id)
                // The same customer gets the same variant again.
                #expect(try await PaywallSetup.paywall(harness, id, "placement=onboarding&platform=\(platform)").body["experiment"]["variant_id"].string == variant)
                let shown = try await AppUserIDRouteTests.request(
                    harness, .post, "/v1/customers/\(id)/paywall-events", json: ["id": "shown-\(id)", "type": "shown", "placement": "onboarding"])
                #expect(shown.status == 200 && shown.body["recorded"].bool == true, "\(shown.body)")
            }
            let control = arms["control"] ?? [], bold = arms["bold"] ?? []
            #expect(control.count >= 10 && bold.count >= 10, "both variants drawn: \(arms)")

            // Every bold customer buys (App Store or web, as their platform); one control customer in four does.
            let buyers = bold + control.enumerated().filter { $0.offset.isMultiple(of: 4) }.map(\.element)
            for id in buyers {
                if Int(id.split(separator: "-")[1])!.isMultiple(of: 2) {
                    let purchase = try await harness.simulator.purchase(account: id, bundleID: TestHarness.bundleID, productID: "pro.monthly")
                    #expect(try await harness.postReceipt(purchase.receiptData, appUserID: id).status == 200)
                } else {
                    _ = try await harness.buyOnTheWeb(appUserID: id)
                }
            }
            // A retried event is recorded once.
            let retried = try await AppUserIDRouteTests.request(
                harness, .post, "/v1/customers/\(bold[0])/paywall-events", json: ["id": "shown-\(bold[0])", "type": "shown", "placement": "onboarding"])
            #expect(retried.body["recorded"].bool == false)
            // Each event is a lifecycle event of its customer too (webhooks, the event feed), recorded once.
            #expect(try await harness.eventTypes(bold[0]).filter { $0 == "paywall_event" }.count == 1)
            await harness.advance(days: 8)

            let results = try await PaywallSetup.admin(harness, .get, "/v1/admin/experiments/onboarding-2026/results")
            #expect(results.status == 200, "\(results.body)")
            let byID = Dictionary(uniqueKeysWithValues: results.body["arms"].array.map { ($0["id"].string ?? "", $0) })
            let boldArm = try #require(byID["bold"]), controlArm = try #require(byID["control"])
            #expect(boldArm["exposures"].int == bold.count && controlArm["exposures"].int == control.count)
            #expect(boldArm["conversions"].int == bold.count, "\(boldArm)")
            #expect(controlArm["conversions"].int == (control.count + 3) / 4, "\(controlArm)")
            #expect(boldArm["paywall_events"]["shown"].int == bold.count)
            // Every purchase was $9.99 (the App Store's from the catalog, Stripe's price), inside the first week.
            let week = try #require(boldArm["revenue"].array.first { $0["days"].int == 7 })
            #expect(week["customers"].int == bold.count && week["price"].int == 999 * bold.count, "\(week)")
            #expect((week["proceeds"].int ?? 0) > 0 && (week["proceeds"].int ?? 0) < 999 * bold.count)
            #expect(results.body["currency"].string == "USD")
            #expect((boldArm["probability_best"].double ?? 0) > 0.99, "\(boldArm)")
            // Fewer than the design's 100 customers per variant: nothing is called, whatever the figures say.
            #expect(results.body["verdict"]["status"].string == "collecting", "\(results.body["verdict"])")
            #expect(results.body["verdict"]["exposures_short"].int == 100 - min(bold.count, control.count))

            // The funnel of the placement over the same days: exposed, shown, converted.
            let funnel = try await PaywallSetup.admin(harness, .get, "/v1/admin/metrics/paywalls/funnel?from=2026-01-01&to=2026-01-31")
            #expect(funnel.status == 200, "\(funnel.body)")
            let onboarding = funnel.body["placements"].first(where: "placement", is: "onboarding")
            #expect(onboarding["exposed"].int == 40 && onboarding["shown"].int == 40, "\(funnel.body)")
            #expect(onboarding["conversions"].int == bold.count + (control.count + 3) / 4)
            let before = try await PaywallSetup.admin(harness, .get, "/v1/admin/metrics/paywalls/funnel?from=2025-12-01&to=2025-12-31")
            #expect(before.body["placements"].array.isEmpty)

            // Stopped: the placement's own paywall again, no experiment.
            #expect(try await PaywallSetup.admin(harness, .post, "/v1/admin/experiments/onboarding-2026/stop").status == 201)
            let after = try await PaywallSetup.paywall(harness, "newcomer", "placement=onboarding&platform=ios")
            #expect(after.body["experiment"].isNull && after.body["paywall_id"].string == "plain")
            #expect(try await PaywallSetup.admin(harness, .post, "/v1/admin/experiments/onboarding-2026/start").status == 409)
        }
    }
}
