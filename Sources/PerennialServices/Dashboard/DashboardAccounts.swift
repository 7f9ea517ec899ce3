import PerennialCore

/// The dashboard's people, their sessions and their failed sign-ins, kept in the database so that every
/// server of a deployment sees the same ones (a session revoked on one is revoked on all).
public protocol DashboardAccounts: Sendable {
    /// Stores a new person; false, storing nothing, when the email is taken.
    func createUser(_ user: DashboardUser) async throws -> Bool
    /// Replaces a person's name, role, apps and password hash (matched by id); false when there is no such person.
    func updateUser(_ user: DashboardUser) async throws -> Bool
    /// Removes a person and every session of theirs; false when there was no such person.
    func deleteUser(id: String) async throws -> Bool
    func user(id: String) async throws -> DashboardUser?
    /// The person with this email (compared in lower case).
    func user(email: String) async throws -> DashboardUser?
    /// Everyone, by email.
    func users() async throws -> [DashboardUser]

    func createSession(_ session: DashboardSession) async throws
    func session(tokenHash: String) async throws -> DashboardSession?
    /// Records a use of the session.
    func touchSession(tokenHash: String, at: Instant) async throws
    func deleteSession(tokenHash: String) async throws
    /// Signs the person out everywhere; returns how many sessions ended.
    @discardableResult
    func deleteSessions(userID: String) async throws -> Int
    /// Removes the sessions that ended before `now` and failures older than `failuresBefore`.
    func prune(sessionsEndedBefore now: Instant, failuresBefore: Instant) async throws

    /// Records one failed sign-in against each subject (`account:<email>`, `address:<ip>`).
    func recordLoginFailure(subjects: [String], at: Instant) async throws
    /// How many failed sign-ins the subject has had since `since`, and the earliest of them.
    func loginFailures(subject: String, since: Instant) async throws -> (count: Int, earliest: Instant?)
    /// Forgets the subject's failures (after a successful sign-in).
    func clearLoginFailures(subject: String) async throws
}
