import Foundation
import HTTPTypes
import Hummingbird
import PerennialCore
import PerennialServices

/// A resolved paywall as the web page shows it: the packages a web store sells, each a radio button with its
/// price, the strings of the paywall (`features` one per line), and the form that starts the checkout.
struct WebPaywallPage {
    let paywall: ResolvedPaywall
    let appUserID: String
    let action: String
    /// The store the page's checkout sells through.
    let store: Store
    /// The page's request, carried by its form.
    let request: PaywallRequest

    func render() -> String {
        let strings = paywall.strings
        let packages = paywall.packages.filter { $0.products[store.rawValue] != nil }
        let chosen = packages.first { $0.isDefault }?.id ?? packages.first?.id
        let context: [String: Any] = [
            "lang": paywall.locale, "style_version": WebPaywallTemplate.styleVersion, "title": strings["title"] ?? "",
            "subtitle": strings["subtitle"] ?? false, "header": paywall.images["header"] ?? false,
            "features": Self.lines(strings["features"]), "has_features": !Self.lines(strings["features"]).isEmpty,
            "footer": strings["footer"] ?? false, "action": action, "app_user_id": appUserID,
            "context": [("locale", request.locale), ("country", request.country), ("device", request.device)].compactMap { name, value in
                value.map { ["name": name, "value": $0] }
            },
            "choose": strings["choose_package"] ?? "Choose a plan", "call_to_action": strings["call_to_action"] ?? "Continue",
            "not_on_web": strings["not_on_web"] ?? "This offer is not sold on the web.",
            "has_packages": !packages.isEmpty,
            "packages": packages.map { package -> [String: Any] in
                [
                    "id": package.id, "checked": package.id == chosen,
                    "name": strings["package.\(package.id)"] ?? Self.name(of: package),
                    "price": package.priceText ?? "", "per_month": package.period == "P1M" ? false : package.pricePerMonthText.map { "\($0) a month" } ?? false,
                    "trial": package.trialText.map { "\($0) free" } ?? false,
                ]
            },
        ]
        return WebPaywallTemplate.library.render(context, withTemplate: "page") ?? ""
    }

    /// A page that says one thing (already subscribed, nothing to show, a mistake in the link).
    static func message(_ title: String, _ text: String) -> String {
        WebPaywallTemplate.library.render(
            ["lang": "en", "title": title, "text": text, "style_version": WebPaywallTemplate.styleVersion], withTemplate: "message") ?? ""
    }

    static func lines(_ text: String?) -> [String] {
        (text ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `Monthly`, `Annual`, `Lifetime`, else the period in words.
    static func name(of package: ResolvedPaywall.Package) -> String {
        let names = ["weekly": "Weekly", "monthly": "Monthly", "two_month": "Every 2 months", "three_month": "Every 3 months",
                     "six_month": "Every 6 months", "annual": "Annual", "lifetime": "Lifetime"]
        return names[package.id] ?? BillingPeriod(package.period).map { "Every \($0.words)" } ?? package.id
    }

    /// An HTML answer: no caching, and a policy that allows nothing but this server's style sheet and https
    /// images.
    static func response(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: "default-src 'none'; style-src 'self'; img-src https:; frame-ancestors 'none'; base-uri 'none'",
                .xContentTypeOptions: "nosniff", HTTPField.Name("Referrer-Policy")!: "no-referrer",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
