import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// `GET|POST /dashboard/login`, `POST /dashboard/logout` and `/dashboard` itself. The sign-in form carries
/// a token also set as a cookie (double submit), so another site cannot sign a browser in as someone else;
/// a successful sign-in always makes a new session (a session id planted before it is never adopted).
struct SignInRoutes: Sendable {
    let gate: DashboardGate
    let accounts: DashboardAccountService
    let trustedProxyHeader: String?

    struct SignInPage: Sendable {
        var chrome = Chrome(title: "Sign in")
        var csrf: String
        var next: String
        var email = ""
        var error: String?
    }

    func add(to group: RouterGroup<PerennialRequestContext>) {
        group.get("") { request, _ -> Response in
            let signedIn = try await gate.person(request)
            guard let app = gate.visibleApps(signedIn).first else {
                throw PerennialError(.appNotFound, "you have no app to see; ask an owner to give you one")
            }
            return DashboardPage.redirect(DashboardPaths.app(app.id, .overview))
        }
        group.get("login") { request, _ -> Response in
            let next = DashboardPaths.safeNext(request.uri.queryParameters.get("next").map { String($0) })
            return signInPage(request, SignInPage(csrf: "", next: next))
        }
        group.post("login") { request, context -> Response in
            let form = try await DashboardForm.read(request)
            let next = DashboardPaths.safeNext(form["next"])
            guard let cookie = request.cookies[DashboardCookies.signInForm]?.value, SessionToken(cookie: cookie) != nil,
                  let sent = form["csrf"], ConstantTime.equals(cookie, sent)
            else {
                return signInPage(request, SignInPage(
                    csrf: "", next: next, error: "The sign-in form expired; please sign in again."), status: .forbidden)
            }
            let address = ClientAddress.of(request, peer: context.peerAddress, trustedHeader: trustedProxyHeader)
            do {
                let signedIn = try await accounts.signIn(email: form["email"] ?? "", password: form["password"] ?? "", address: address)
                var response = DashboardPage.redirect(next == DashboardPaths.root ? landing(for: signedIn) : next)
                response.setCookie(DashboardCookies.session(
                    signedIn.token.value, request: request, maxAge: Int(DashboardAccountService.lifetimeMilliseconds / 1000)))
                response.setCookie(DashboardCookies.cleared(DashboardCookies.signInForm, request: request))
                return response
            } catch let error as PerennialError where error.errorCode == .signInFailed || error.errorCode == .signInThrottled {
                let status: HTTPResponse.Status = error.errorCode == .signInThrottled ? .tooManyRequests : .unauthorized
                return signInPage(request, SignInPage(
                    csrf: "", next: next, email: String((form["email"] ?? "").prefix(254)),
                    error: error.errorCode == .signInThrottled ? "Too many failed sign-ins: \(error.message)."
                        : "The email or the password is wrong."), status: status)
            }
        }
        group.post("logout") { request, _ -> Response in
            let signedIn = try await gate.person(request)
            let form = try await gate.form(request, of: signedIn)
            if form["everywhere"] == "1" {
                try await accounts.signOutEverywhere(userID: signedIn.user.id)
            } else {
                try await accounts.signOut(signedIn.token)
            }
            var response = DashboardPage.redirect(DashboardPaths.signIn)
            response.setCookie(DashboardCookies.cleared(DashboardCookies.session, request: request))
            return response
        }
    }

    /// The first page after signing in: the overview of the person's first app.
    private func landing(for signedIn: SignedIn) -> String {
        gate.visibleApps(signedIn).first.map { DashboardPaths.app($0.id, .overview) } ?? DashboardPaths.root
    }

    /// The sign-in form with a new double-submit token in its cookie.
    private func signInPage(_ request: Request, _ page: SignInPage, status: HTTPResponse.Status = .ok) -> Response {
        var page = page
        page.csrf = SessionToken.random().value
        var response = DashboardPage.render("sign_in", page, status: status)
        response.setCookie(DashboardCookies.signInForm(page.csrf, request: request))
        return response
    }
}
