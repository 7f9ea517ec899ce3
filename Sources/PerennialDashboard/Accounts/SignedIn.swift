import PerennialServices

/// A request's person: who, and the session's token (its CSRF token goes in every form of the page).
public struct SignedIn: Sendable {
    public var user: DashboardUser
    public var token: SessionToken

    /// The token the page's forms carry.
    public var csrfToken: String { token.csrfToken }

    /// How the audit log names the person.
    public var actor: String { "\(user.name) <\(user.email)>" }
}
