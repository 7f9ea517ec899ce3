import Foundation
import HTTPTypes
import PerennialCore
import PerennialServices
import Testing

/// The paywall document the route tests save, and the calls they make.
enum PaywallSetup {
    /// List prices for the harness's catalog, so paywalls have prices to show and purchases revenue.
    static func pricedCatalog(_ app: inout AppSettings) {
        let prices = ["pro.monthly": 999, "pro.yearly": 4999]
        app.catalog = Catalog(products: app.catalog.products.map { product in
            var product = product
            if let price = prices[product.id] ?? (product.store == .stripe ? 999 : nil) { product.price = Money(minorUnits: Int64(price), currency: "USD") }
            return product
        })
    }

    static func paywall(_ id: String, title: String, frenchTitle: String) -> [String: Any] {
        [
            "id": id, "default_locale": "en", "default_package": "annual",
            "strings": [
                "en": ["title": title, "call_to_action": "Try {{ trial.duration }} free, then {{product.price_per_month}} a month",
                       "subtitle": "Hello {{customer.attribute.first_name}}"],
                "fr": ["title": frenchTitle, "call_to_action": "Essai de {{trial.duration}}, puis {{product.price_per_month}} par mois",
                       "subtitle": "Bonjour {{customer.attribute.first_name}}"],
            ],
            "images": ["header": "https://cdn.example/pro.png"],
        ]
    }

    /// Two packages sold on the App Store and the web, two paywalls, an onboarding placement (tablets get
    /// the bold paywall; churned customers none) and a settings placement for subscribers too.
    static func document(stripePrice: String?, experiments: [[String: Any]] = []) -> [String: Any] {
        var monthly: [String: String] = ["app_store": "pro.monthly"]
        if let stripePrice { monthly["stripe"] = stripePrice }
        return [
            "offerings": [[
                "id": "default",
                "packages": [
                    ["id": "monthly", "products": monthly, "prices": ["FR": "10.99 EUR"]],
                    ["id": "annual", "products": ["app_store": "pro.yearly"], "trial": "P1W"],
                ],
            ]],
            "current_offering": "default",
            "paywalls": [paywall("plain", title: "Go Pro", frenchTitle: "Passez Pro"), paywall("bold", title: "GO PRO NOW", frenchTitle: "PRO MAINTENANT")],
            "placements": [
                ["id": "onboarding", "default_paywall": "plain", "rules": [
                    ["name": "no paywall after churn", "when": ["stage": ["churned"]], "paywall": NSNull()],
                    ["name": "tablets", "when": ["device": ["tablet"]], "paywall": "bold"],
                ]],
                ["id": "settings", "default_paywall": "plain", "show_to_entitled": true],
            ],
            "experiments": experiments,
        ]
    }

    static func put(_ harness: TestHarness, _ document: [String: Any], query: String = "") async throws -> (status: Int, body: JSONObject) {
        try await AppUserIDRouteTests.request(harness, .put, "/v1/admin/paywalls\(query)", key: TestHarness.secretKey, json: document)
    }

    static func admin(_ harness: TestHarness, _ method: HTTPRequest.Method, _ path: String) async throws -> (status: Int, body: JSONObject) {
        try await AppUserIDRouteTests.request(harness, method, path, key: TestHarness.secretKey)
    }

    static func paywall(_ harness: TestHarness, _ appUserID: String, _ query: String) async throws -> (status: Int, body: JSONObject) {
        try await AppUserIDRouteTests.request(harness, .get, "/v1/customers/\(AppUserIDRouteTests.segment(appUserID))/paywall?\(query)")
    }
}
