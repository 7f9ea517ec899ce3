import HTTPTypes
import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// A paywall previewed as the web paywall renders it (admin): `GET /dashboard/apps/{app_id}/paywalls/{paywall_id}/preview?locale=&country=`
/// shows it in two frames, a phone's width and a desktop's; `…/preview/frame?device=` is the page inside
/// each, filled in for a new customer by `PaywallService.preview` — no customer read, no exposure recorded —
/// and allowed in a frame of the dashboard only, its form going nowhere.
struct PaywallPreviewRoutes: Sendable {
    let gate: DashboardGate
    let paywalls: PaywallService

    struct Page: Sendable {
        var chrome: Chrome
        var paywallID: String
        var revision: Int
        var locale: String
        var country: String
        var action: String
        var frame: String
        var back: String
    }

    /// What the frame may do: its own style sheet, images from anywhere a paywall names (https), no script,
    /// no form sent, framed by the dashboard alone.
    static let frameHeaders: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!:
            "default-src 'none'; style-src 'self'; img-src 'self' https: data:; form-action 'none'; frame-ancestors 'self'; base-uri 'none'",
        HTTPField.Name("X-Frame-Options")!: "SAMEORIGIN",
        .cacheControl: "no-store",
    ]

    static func path(_ appID: String, _ paywallID: String) -> String {
        "\(DashboardPaths.app(appID, .paywalls))/\(DashboardPaths.segment(paywallID))/preview"
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("apps/{app_id}/paywalls/{paywall_id}/preview") { request, context -> Response in
            let (signedIn, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let paywallID = try context.parameters.require("paywall_id")
            let query = try Self.request(request, device: nil)
            // Filled once here so an unknown paywall or locale is this page's error, not two frames'.
            let revision = try await paywalls.preview(app: app, paywallID: paywallID, request: query).revision
            let path = Self.path(app.id, paywallID)
            let parameters = [("locale", query.locale), ("country", query.country)].compactMap { name, value in
                value.map { "\(name)=\(DashboardPaths.query($0))" }
            }
            return DashboardPage.render("paywall-preview", Page(
                chrome: Chrome(title: "Preview of \(paywallID)", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: app.id, section: .paywalls),
                paywallID: paywallID, revision: revision, locale: query.locale ?? "", country: query.country ?? "", action: path,
                frame: "\(path)/frame?" + (parameters + ["v=\(revision)"]).joined(separator: "&"),
                back: DashboardPaths.app(app.id, .paywalls)))
        }
        group.get("apps/{app_id}/paywalls/{paywall_id}/preview/frame") { request, context -> Response in
            let (_, app) = try await gate.require(.admin, app: try context.parameters.require("app_id"), request)
            let query = try Self.request(request, device: request.uri.queryParameters.get("device").map { String($0) })
            let paywall = try await paywalls.preview(app: app, paywallID: try context.parameters.require("paywall_id"), request: query)
            let html = WebPaywallPreview.html(paywall, store: paywalls.webCheckouts.first?.store ?? .stripe, request: query)
            var headers = Self.frameHeaders
            headers[.contentType] = "text/html; charset=utf-8"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
        }
    }

    /// The preview's locale, country and device, checked as a paywall request's.
    static func request(_ request: Request, device: String?) throws -> PaywallRequest {
        func value(_ name: String) -> String? {
            request.uri.queryParameters.get(name).map { String($0) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return try PaywallRequest(
            placement: "preview", platform: "web", device: device, appVersion: nil, country: value("country"), locale: value("locale"))
    }
}
