import Foundation
import PerennialCore
import PerennialServices

/// The dashboard's people and sessions: creating people (checked and hashed), signing in (throttled,
/// every failure alike), sessions that end after idling or at their lifetime, signing out here or
/// everywhere.
public struct DashboardAccountService: Sendable {
    /// A session unused this long ends (12 hours).
    public static let idleLimitMilliseconds: Int64 = 12 * 3_600_000
    /// A session ends this long after sign-in, however used (7 days).
    public static let lifetimeMilliseconds: Int64 = 7 * 86_400_000
    /// A session's use is written at most this often.
    static let touchIntervalMilliseconds: Int64 = 60_000

    let accounts: any DashboardAccounts
    let hasher: PasswordHasher
    let throttle: SignInThrottle
    let clock: any Clock

    public init(accounts: any DashboardAccounts, hasher: PasswordHasher, throttle: SignInThrottle = SignInThrottle(), clock: any Clock) {
        self.accounts = accounts
        self.hasher = hasher
        self.throttle = throttle
        self.clock = clock
    }

    /// Creates a person with a new password; `knownAppIDs` are the apps `appIDs` may name.
    public func createUser(
        email: String, name: String, role: DashboardRole, appIDs: [String]?, password: String, knownAppIDs: [String]
    ) async throws -> DashboardUser {
        let email = try Self.validatedEmail(email)
        let name = try Self.validatedName(name)
        try Self.validatePassword(password)
        try Self.validateApps(appIDs, knownAppIDs: knownAppIDs)
        let user = DashboardUser(
            id: "usr_" + SHA256Hex.digest(SessionToken.random().value).prefix(24), email: email, name: name, role: role,
            appIDs: appIDs, passwordHash: try await hasher.hash(password), createdAt: clock.now())
        guard try await accounts.createUser(user) else {
            throw PerennialError(.dashboardUserExists, "a dashboard user with this email exists already")
        }
        return user
    }

    /// Signs in: a new session for the person whose email and password these are. Refused alike for an
    /// unknown email and a wrong password (after the same bcrypt work), and for a while after too many
    /// failures for the account or from the address.
    public func signIn(email rawEmail: String, password: String, address: String?) async throws -> SignedIn {
        let email = rawEmail.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let now = clock.now()
        let since = now.adding(milliseconds: -throttle.windowMilliseconds)
        let account = SignInThrottle.account(email), place = SignInThrottle.address(address)
        for (subject, limit) in [(account, throttle.failuresPerAccount), (place, throttle.failuresPerAddress)] {
            let failures = try await accounts.loginFailures(subject: subject, since: since)
            if failures.count >= limit {
                let free = (failures.earliest ?? now).adding(milliseconds: throttle.windowMilliseconds)
                let minutes = max(1, (free.milliseconds - now.milliseconds + 59_999) / 60_000)
                throw PerennialError(.signInThrottled, "too many failed sign-ins; try again in \(minutes) minute\(minutes == 1 ? "" : "s")")
            }
        }
        let user = password.utf8.count <= 72 ? try await accounts.user(email: email) : nil
        guard try await hasher.verify(String(password.prefix(72)), hash: user?.passwordHash), let user else {
            try await accounts.recordLoginFailure(subjects: [account, place], at: now)
            throw PerennialError(.signInFailed, "the email or the password is wrong")
        }
        try await accounts.clearLoginFailures(subject: account)
        let signedIn = try await openSession(for: user, at: now)
        try? await accounts.prune(sessionsEndedBefore: now.adding(milliseconds: -Self.idleLimitMilliseconds), failuresBefore: since)
        return signedIn
    }

    /// Changes the person's password, once `current` proves it is them (a wrong one counts as a failed
    /// sign-in): every session of theirs ends, and a new one is returned for this browser.
    public func changePassword(of signedIn: SignedIn, current: String, new: String, address: String?) async throws -> SignedIn {
        let now = clock.now()
        let since = now.adding(milliseconds: -throttle.windowMilliseconds)
        let account = SignInThrottle.account(signedIn.user.email)
        if try await accounts.loginFailures(subject: account, since: since).count >= throttle.failuresPerAccount {
            throw PerennialError(.signInThrottled, "too many failed attempts; try again later")
        }
        guard let user = try await accounts.user(id: signedIn.user.id), try await hasher.verify(current, hash: user.passwordHash) else {
            try await accounts.recordLoginFailure(subjects: [account, SignInThrottle.address(address)], at: now)
            throw PerennialError(.signInFailed, "the current password is wrong")
        }
        try Self.validatePassword(new)
        var changed = user
        changed.passwordHash = try await hasher.hash(new)
        _ = try await accounts.updateUser(changed)
        try await accounts.deleteSessions(userID: user.id)
        return try await openSession(for: changed, at: now)
    }

    /// A new session for the person, with a new random token.
    private func openSession(for user: DashboardUser, at now: Instant) async throws -> SignedIn {
        let token = SessionToken.random()
        try await accounts.createSession(DashboardSession(
            tokenHash: token.hash, userID: user.id, createdAt: now, lastSeenAt: now, expiresAt: now.adding(milliseconds: Self.lifetimeMilliseconds)))
        return SignedIn(user: user, token: token)
    }

    /// The person a session cookie signs in, while the session lasts; nil (ending it) once it idled too
    /// long, outlived its lifetime, was revoked, or its person is gone.
    public func resolve(_ token: SessionToken) async throws -> SignedIn? {
        guard let session = try await accounts.session(tokenHash: token.hash) else { return nil }
        let now = clock.now()
        guard now < session.expiresAt, now.milliseconds - session.lastSeenAt.milliseconds < Self.idleLimitMilliseconds,
              let user = try await accounts.user(id: session.userID)
        else {
            try await accounts.deleteSession(tokenHash: session.tokenHash)
            return nil
        }
        if now.milliseconds - session.lastSeenAt.milliseconds >= Self.touchIntervalMilliseconds {
            try await accounts.touchSession(tokenHash: session.tokenHash, at: now)
        }
        return SignedIn(user: user, token: token)
    }

    /// Ends this session.
    public func signOut(_ token: SessionToken) async throws {
        try await accounts.deleteSession(tokenHash: token.hash)
    }

    /// Ends every session of the person; returns how many.
    @discardableResult
    public func signOutEverywhere(userID: String) async throws -> Int {
        try await accounts.deleteSessions(userID: userID)
    }

    /// Everyone, by email.
    public func users() async throws -> [DashboardUser] { try await accounts.users() }

    /// Gives a person another role or other apps (an owner sees every app), from their next request on.
    /// Refused for the last owner becoming anything else: someone must be able to manage the people.
    public func changeAccess(
        of id: String, role: DashboardRole, appIDs: [String]?, knownAppIDs: [String]
    ) async throws -> DashboardUser {
        guard var user = try await accounts.user(id: id) else { throw PerennialError(.notFound, "there is no such person") }
        let appIDs = role == .owner ? nil : appIDs
        try Self.validateApps(appIDs, knownAppIDs: knownAppIDs)
        if user.role == .owner, role != .owner, try await !accounts.users().contains(where: { $0.role == .owner && $0.id != id }) {
            throw PerennialError(.invalidDashboardUser, "role: \(user.email) is the only owner; make someone else an owner first")
        }
        user.role = role
        user.appIDs = appIDs
        guard try await accounts.updateUser(user) else { throw PerennialError(.notFound, "there is no such person") }
        return user
    }

    /// The person with this id.
    public func user(id: String) async throws -> DashboardUser? { try await accounts.user(id: id) }

    /// The person with this email (in any case).
    public func user(email: String) async throws -> DashboardUser? { try await accounts.user(email: email) }

    /// Removes a person and their sessions; false when there was no such person.
    public func deleteUser(id: String) async throws -> Bool { try await accounts.deleteUser(id: id) }

    /// An email address as people are stored by: trimmed, lower case, one `@` with text either side.
    /// A person's apps: nil for every app, else at least one, each an app of the deployment.
    static func validateApps(_ appIDs: [String]?, knownAppIDs: [String]) throws {
        guard let appIDs else { return }
        guard !appIDs.isEmpty else { throw PerennialError(.invalidDashboardUser, "apps: name at least one app, or none for every app") }
        if let unknown = appIDs.first(where: { !knownAppIDs.contains($0) }) {
            throw PerennialError(.invalidDashboardUser, "apps: there is no app \(unknown)")
        }
    }

    static func validatedEmail(_ text: String) throws -> String {
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard (3...254).contains(email.count), parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
              !email.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw PerennialError(.invalidDashboardUser, "email: give an address such as ana@example.com") }
        return email
    }

    /// A name to show: 1 to 100 characters, no control characters.
    static func validatedName(_ text: String) throws -> String {
        let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(name.count), !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw PerennialError(.invalidDashboardUser, "name: 1 to 100 characters")
        }
        return name
    }

    /// 12 characters at least, and at most the 72 bytes bcrypt reads.
    static func validatePassword(_ password: String) throws {
        guard password.count >= 12 else { throw PerennialError(.invalidDashboardUser, "password: at least 12 characters") }
        guard password.utf8.count <= 72 else { throw PerennialError(.invalidDashboardUser, "password: at most 72 bytes (bcrypt reads no more)") }
    }
}
