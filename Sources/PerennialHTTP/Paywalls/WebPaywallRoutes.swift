import Foundation
import Hummingbird
import PerennialCore
import PerennialServices

/// The web paywall, for the web-to-app purchase path: `GET /p/{app_id}/{placement}?app_user_id=…` renders
/// the customer's paywall as an HTML page (no key: the page is public, the customer's data stays out of
/// it), and its form posts to `POST /p/{app_id}/{placement}/checkout`, which starts the web store's checkout
/// of the chosen package and sends the browser there (303). Access comes later, from the store's
/// notifications, onto the same app user id. Errors are pages too.
struct WebPaywallRoutes {
    /// The page's form: the customer, the package chosen, and the page's own request (so the checkout
    /// resolves the paywall the page showed).
    struct CheckoutForm: Decodable {
        var appUserID: String?
        var package: String?
        var locale: String?
        var country: String?
        var device: String?

        enum CodingKeys: String, CodingKey {
            case package, locale, country, device
            case appUserID = "app_user_id"
        }
    }

    let paywalls: PaywallService
    let apps: AppDirectory

    func add(to router: Router<PerennialRequestContext>) {
        router.get("p/paywall.css") { _, _ -> Response in
            Response(
                status: .ok, headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "public, max-age=31536000, immutable"],
                body: .init(byteBuffer: ByteBuffer(string: WebPaywallTemplate.style)))
        }
        router.get("p/{app_id}/{placement}") { request, context -> Response in
            await page {
                let (app, appUserID, query) = try target(request, context)
                let answer = try await paywalls.paywall(app: app, appUserID: appUserID, request: query)
                switch answer.decision {
                case .show(let paywall):
                    guard let checkout = paywalls.webCheckouts.first else {
                        return WebPaywallPage.response(WebPaywallPage.message("Not sold on the web", "This app sells nothing on the web."))
                    }
                    let action = "/p/\(Self.escaped(app.id))/\(Self.escaped(query.placement))/checkout"
                    return WebPaywallPage.response(
                        WebPaywallPage(paywall: paywall, appUserID: appUserID, action: action, store: checkout.store, request: query).render())
                case .none(.entitled, _):
                    return WebPaywallPage.response(WebPaywallPage.message("You already have access", "Your subscription is active: open the app to use it."))
                case .none:
                    return WebPaywallPage.response(WebPaywallPage.message("Nothing to buy here", "There is no offer for you here right now."))
                }
            }
        }
        router.post("p/{app_id}/{placement}/checkout") { request, context -> Response in
            await page {
                let text = String(buffer: try await request.body.collect(upTo: 16_384))
                guard let form = try? URLEncodedFormDecoder().decode(CheckoutForm.self, from: text) else {
                    throw PerennialError(.badRequest, "the form is not one this page sends")
                }
                let (app, appUserID, query) = try target(request, context, form: form)
                guard let packageID = form.package, let checkout = paywalls.webCheckouts.first else {
                    throw PerennialError(.invalidPaywallRequest, "package: choose one")
                }
                let answer = try await paywalls.paywall(app: app, appUserID: appUserID, request: query)
                guard case .show(let paywall) = answer.decision,
                      let productID = paywall.packages.first(where: { $0.id == packageID })?.products[checkout.store.rawValue]
                else { throw PerennialError(.invalidPaywallRequest, "package: not one this paywall sells on the web") }
                let url = try await checkout.checkoutURL(app: app, appUserID: appUserID, productID: productID)
                try await paywalls.record(
                    .init(id: "web-\(UUID().uuidString)", type: "purchase_started", placement: query.placement, paywallID: paywall.paywallID,
                          packageID: packageID, occurredAt: nil),
                    app: app, appUserID: appUserID)
                return Response(status: .seeOther, headers: [.location: url, .cacheControl: "no-store"])
            }
        }
    }

    /// The app, customer and paywall request a web paywall URL names.
    /// The app, customer and paywall request of a page's link, or of its form when given.
    private func target(
        _ request: Request, _ context: PerennialRequestContext, form: CheckoutForm? = nil
    ) throws -> (AppSettings, String, PaywallRequest) {
        guard let app = apps.app(id: try context.parameters.require("app_id")) else {
            throw PerennialError(.appNotFound, "no such app")
        }
        let parameters = request.uri.queryParameters
        func value(_ name: String, _ fromForm: String?) -> String? {
            let text = form == nil ? parameters.get(name).map { String($0) } : fromForm
            return text?.isEmpty == false ? text : nil
        }
        guard let appUserID = value("app_user_id", form?.appUserID) else {
            throw PerennialError(.invalidAppUserID, form == nil ? "the link has no app_user_id" : "the form has no app_user_id")
        }
        let query = try PaywallRequest(
            placement: try context.parameters.require("placement"), platform: "web", device: value("device", form?.device),
            appVersion: nil, country: value("country", form?.country), locale: value("locale", form?.locale))
        return (app, try AppUserIDRule.validated(appUserID), query)
    }

    /// The page `body` makes, or a page that says what went wrong, with the error's status.
    private func page(_ body: () async throws -> Response) async -> Response {
        do {
            return try await body()
        } catch {
            let envelope = ErrorEnvelope(error)
            let text = envelope.status.code >= 500
                ? "Something went wrong on our side. Please try again in a moment."
                : envelope.message
            return WebPaywallPage.response(WebPaywallPage.message("This page is not available", text), status: envelope.status)
        }
    }

    /// A path segment, percent-encoded.
    static func escaped(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? segment
    }
}
