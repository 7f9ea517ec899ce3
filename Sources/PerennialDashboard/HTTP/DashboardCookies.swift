import Foundation
import HTTPTypes
import Hummingbird

/// The dashboard's cookies: the session's (HttpOnly, SameSite=Lax, Secure unless the browser reached the
/// server on a loopback address, scoped to `/dashboard`) and the sign-in form's double-submit token.
enum DashboardCookies {
    static let session = "perennial_session"
    static let signInForm = "perennial_sign_in"

    /// The session cookie holding `value`, for `maxAge` seconds.
    static func session(_ value: String, request: Request, maxAge: Int) -> Cookie {
        cookie(name: session, value: value, request: request, maxAge: maxAge)
    }

    /// The sign-in form's token, for half an hour.
    static func signInForm(_ value: String, request: Request) -> Cookie {
        cookie(name: signInForm, value: value, request: request, maxAge: 1_800)
    }

    /// A cookie named `name` that the browser drops at once.
    static func cleared(_ name: String, request: Request) -> Cookie {
        cookie(name: name, value: "", request: request, maxAge: 0)
    }

    private static func cookie(name: String, value: String, request: Request, maxAge: Int) -> Cookie {
        Cookie(
            name: name, value: value, maxAge: maxAge, path: "/dashboard", secure: !isLoopback(request), httpOnly: true,
            sameSite: .lax)
    }

    /// The host and port the browser named: HTTP/1.1's `Host`, which the server reads as the request's
    /// authority.
    static func host(of request: Request) -> String? {
        request.headers[HTTPField.Name("Host")!] ?? request.head.authority
    }

    /// Whether the browser named a loopback host (`localhost`, `127.0.0.1`, `[::1]`): plain HTTP there is
    /// the developer's own machine, where a Secure cookie would not be kept.
    static func isLoopback(_ request: Request) -> Bool {
        guard let authority = host(of: request) else { return false }
        var host = Substring(authority)
        if host.hasPrefix("[") {
            host = host.dropFirst().prefix { $0 != "]" }
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        // 127.x.y.z as digits only: a name such as 127.example.com is not the machine itself.
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4Loopback = octets.count == 4 && octets[0] == "127"
            && octets.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        return host == "localhost" || host == "::1" || isIPv4Loopback
    }
}
