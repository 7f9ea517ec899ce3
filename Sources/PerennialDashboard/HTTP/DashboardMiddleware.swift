import HTTPTypes
import Hummingbird
import PerennialHTTP
import PerennialServices

/// What every dashboard response gets: headers that keep the pages out of frames and other sites' reach
/// (a content security policy allowing only Perennial's own assets), a refusal of forms posted from
/// another origin, and errors as pages — a missing session sends a page's GET to the sign-in form.
struct DashboardMiddleware: RouterMiddleware {
    typealias Context = PerennialRequestContext

    static let securityHeaders: HTTPFields = [
        HTTPField.Name("Content-Security-Policy")!:
            "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; form-action 'self'; "
            + "frame-src 'self'; frame-ancestors 'none'; base-uri 'none'; connect-src 'self'",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
    ]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            if request.method == .post, !Self.isSameOrigin(request) {
                throw PerennialError(.csrfTokenInvalid, "the form was posted from another site; nothing was done")
            }
            response = try await next(request, context)
        } catch {
            response = Self.page(for: error, request: request, context: context)
        }
        for field in Self.securityHeaders where response.headers[field.name] == nil {
            response.headers.append(field)
        }
        return response
    }

    /// Whether a POST's `Origin`, when the browser sent one, is the dashboard's own host.
    static func isSameOrigin(_ request: Request) -> Bool {
        guard let origin = request.headers[.origin] else { return true }
        guard let host = DashboardCookies.host(of: request) else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    /// The page an error shows: the sign-in form for a GET without a session, else a page saying what
    /// happened, with the error's status.
    static func page(for error: any Error, request: Request, context: Context) -> Response {
        let envelope = ErrorEnvelope(error)
        envelope.logIfServerError(error, context: context)
        if envelope.code == ErrorCode.signInRequired.rawValue, request.method == .get || request.method == .head {
            var path = request.uri.path
            if let query = request.uri.query { path += "?" + query }
            return DashboardPage.redirect(DashboardPaths.signIn + "?next=" + DashboardPaths.query(path))
        }
        let heading: String
        switch envelope.status.code {
        case 401: heading = "Signed out"
        case 403: heading = "Not allowed"
        case 404: heading = "Not found"
        case 429: heading = "Too many attempts"
        case 400..<500: heading = "That did not work"
        default: heading = "Something went wrong"
        }
        let text = envelope.status.code >= 500 ? "Perennial could not do this just now; try again in a moment." : envelope.message
        let signedOut = envelope.status.code == 401
        return DashboardPage.render("message", MessagePage(
            chrome: Chrome(title: heading), heading: heading, text: text,
            back: signedOut ? DashboardPaths.signIn : DashboardPaths.root, backLabel: signedOut ? "Sign in" : "Back to the dashboard"),
            status: envelope.status)
    }
}

/// The context of the `message` template.
struct MessagePage: Sendable {
    var chrome: Chrome
    var heading: String
    var text: String
    var back: String
    var backLabel: String
}
