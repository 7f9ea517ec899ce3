import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET /dashboard/account` (anyone signed in): who they are and a form to change their password;
/// `POST /dashboard/account/password` changes it — the current password first — and ends every other
/// session of theirs.
struct AccountRoutes: Sendable {
    let gate: DashboardGate
    let audit: DashboardAudit
    let accounts: DashboardAccountService
    let trustedProxyHeader: String?

    struct Page: Sendable {
        var chrome: Chrome
        var name: String
        var email: String
        var role: String
        var apps: String
        var csrf: String
        var error: String?
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("account") { request, _ -> Response in
            let signedIn = try await gate.person(request)
            var page = page(signedIn, error: nil)
            if request.uri.queryParameters.get("done") == "password" {
                page.chrome.status = "Your password was changed; every other session of yours has ended."
            }
            return DashboardPage.render("account", page)
        }
        group.post("account/password") { request, context -> Response in
            let signedIn = try await gate.person(request)
            let form = try await gate.form(request, of: signedIn)
            let new = form["new_password"] ?? ""
            guard new == form["repeat_password"] else {
                return DashboardPage.render("account", page(signedIn, error: "The new password and its repetition differ."), status: .badRequest)
            }
            let address = ClientAddress.of(request, peer: context.peerAddress, trustedHeader: trustedProxyHeader)
            do {
                return try await audit.change(by: signedIn, appID: nil, request) {
                    let renewed = try await accounts.changePassword(of: signedIn, current: form["current_password"] ?? "", new: new, address: address)
                    var response = DashboardPage.redirect("/dashboard/account?done=password")
                    response.setCookie(DashboardCookies.session(
                        renewed.token.value, request: request, maxAge: Int(DashboardAccountService.lifetimeMilliseconds / 1000)))
                    return response
                }
            } catch let error as PerennialError
                        where [.signInFailed, .invalidDashboardUser, .signInThrottled].contains(error.errorCode) {
                let status: HTTPResponse.Status = error.errorCode == .signInThrottled ? .tooManyRequests
                    : error.errorCode == .signInFailed ? .forbidden : .badRequest
                return DashboardPage.render("account", page(signedIn, error: error.message.capitalizedFirst + "."), status: status)
            }
        }
    }

    private func page(_ signedIn: SignedIn, error: String?) -> Page {
        Page(
            chrome: Chrome(title: "Your account", signedIn: signedIn, apps: gate.visibleApps(signedIn), app: nil, section: nil),
            name: signedIn.user.name, email: signedIn.user.email, role: signedIn.user.role.rawValue,
            apps: signedIn.user.role == .owner ? "every app" : signedIn.user.appIDs?.joined(separator: ", ") ?? "every app",
            csrf: signedIn.csrfToken, error: error)
    }
}
