import Hummingbird
import PerennialCore
import PerennialHTTP
import PerennialServices

/// Who may see a dashboard page: the session cookie's person, when their role allows the page and their
/// apps include its app; and, for a form, whether it carries the session's CSRF token.
struct DashboardGate: Sendable {
    let accounts: DashboardAccountService
    let apps: AppDirectory

    /// The signed-in person; 401 `sign_in_required` (the pages send the browser to sign in) without one.
    func person(_ request: Request) async throws -> SignedIn {
        guard let value = request.cookies[DashboardCookies.session]?.value, let token = SessionToken(cookie: value),
              let signedIn = try await accounts.resolve(token)
        else { throw PerennialError(.signInRequired, "sign in to see this page") }
        return signedIn
    }

    /// The signed-in person, when their role allows `role`; 403 `role_not_allowed` otherwise.
    func require(_ role: DashboardRole, _ request: Request) async throws -> SignedIn {
        let signedIn = try await person(request)
        guard signedIn.user.role.allows(role) else {
            throw PerennialError(.roleNotAllowed, "this page needs the \(role.rawValue) role; yours is \(signedIn.user.role.rawValue)")
        }
        return signedIn
    }

    /// The signed-in person and the app `appID`, when the role allows `role` and the person may see the app;
    /// an app they may not see is answered as one that does not exist.
    func require(_ role: DashboardRole, app appID: String, _ request: Request) async throws -> (SignedIn, AppSettings) {
        let signedIn = try await require(role, request)
        guard signedIn.user.canSee(appID: appID), let app = apps.app(id: appID) else {
            throw PerennialError(.appNotFound, "there is no app \(appID) among yours")
        }
        return (signedIn, app)
    }

    /// The apps the person may see, in the configuration's order.
    func visibleApps(_ signedIn: SignedIn) -> [AppSettings] {
        apps.apps.filter { signedIn.user.canSee(appID: $0.id) }
    }

    /// The form a page of this session posted, up to `limit` bytes; 403 `csrf_token_invalid` when its `csrf`
    /// field is not the session's token.
    func form(_ request: Request, of signedIn: SignedIn, limit: Int = DashboardForm.maximumBytes) async throws -> DashboardForm {
        let form = try await DashboardForm.read(request, limit: limit)
        try checkCSRF(form["csrf"], of: signedIn)
        return form
    }

    /// The form with files (`multipart/form-data`) a page of this session posted, up to `limit` bytes; 403
    /// `csrf_token_invalid` as for `form`.
    func upload(_ request: Request, of signedIn: SignedIn, limit: Int) async throws -> DashboardUpload {
        let upload = try await DashboardUpload.read(request, limit: limit)
        try checkCSRF(upload["csrf"], of: signedIn)
        return upload
    }

    private func checkCSRF(_ token: String?, of signedIn: SignedIn) throws {
        guard signedIn.token.acceptsCSRFToken(token) else {
            throw PerennialError(.csrfTokenInvalid, "the form is not from this session's page; reload the page and try again")
        }
    }
}
