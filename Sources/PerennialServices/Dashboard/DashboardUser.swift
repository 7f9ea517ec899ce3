import PerennialCore

/// A person who signs in to the dashboard: separate from the apps' API keys, one per email address in a
/// deployment. The password is kept only as its bcrypt hash.
public struct DashboardUser: Sendable, Hashable {
    /// Assigned when the person is created (`usr_` and 24 hexadecimal characters).
    public var id: String
    /// The address the person signs in with, in lower case.
    public var email: String
    /// How the person is shown, and named in the audit log beside the email.
    public var name: String
    public var role: DashboardRole
    /// The apps the person may see; nil: every app. An owner sees every app whatever this says.
    public var appIDs: [String]?
    /// bcrypt's modular-crypt string (`$2b$…`): never shown, never logged.
    public var passwordHash: String
    public var createdAt: Instant

    public init(
        id: String, email: String, name: String, role: DashboardRole, appIDs: [String]?, passwordHash: String, createdAt: Instant
    ) {
        self.id = id
        self.email = email
        self.name = name
        self.role = role
        self.appIDs = appIDs
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }

    /// Whether the person may see the app `appID` at all.
    public func canSee(appID: String) -> Bool {
        role == .owner || appIDs.map { $0.contains(appID) } ?? true
    }

    /// Which of `appIDs` the person may see, in their order.
    public func visible(_ appIDs: [String]) -> [String] {
        appIDs.filter(canSee(appID:))
    }
}

extension DashboardUser: CustomStringConvertible {
    /// Names the person, never the password's hash.
    public var description: String { "\(name) <\(email)> (\(role.rawValue))" }
}
