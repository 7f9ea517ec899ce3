import Foundation
import PerennialCore
import PerennialServices
import SQLKit

/// The dashboard's people, sessions and failed sign-ins on an SQL database (`dashboard_users`,
/// `dashboard_sessions`, `dashboard_login_failures`). A person's apps are a JSON array, NULL for every app.
public struct SQLDashboardAccounts: DashboardAccounts {
    let database: PerennialDatabase

    public init(database: PerennialDatabase) {
        self.database = database
    }

    public func createUser(_ user: DashboardUser) async throws -> Bool {
        let apps = try Self.appsText(user.appIDs)
        return try await database.atomically(.write) { session in
            try await session.sql.raw("""
                INSERT INTO dashboard_users (id, email, name, role, app_ids, password_hash, created_at)
                VALUES (\(bind: user.id), \(bind: user.email.lowercased()), \(bind: user.name), \(bind: user.role.rawValue),
                        \(bind: apps), \(bind: user.passwordHash), \(bind: user.createdAt.milliseconds))
                ON CONFLICT (email) DO NOTHING RETURNING id
                """).first() != nil
        }
    }

    public func updateUser(_ user: DashboardUser) async throws -> Bool {
        let apps = try Self.appsText(user.appIDs)
        return try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE dashboard_users SET name = \(bind: user.name), role = \(bind: user.role.rawValue), app_ids = \(bind: apps),
                    password_hash = \(bind: user.passwordHash)
                WHERE id = \(bind: user.id) RETURNING id
                """).first() != nil
        }
    }

    public func deleteUser(id: String) async throws -> Bool {
        try await database.atomically(.write) { session in
            try await session.sql.raw("DELETE FROM dashboard_sessions WHERE user_id = \(bind: id)").run()
            return try await session.sql.raw("DELETE FROM dashboard_users WHERE id = \(bind: id) RETURNING id").first() != nil
        }
    }

    public func user(id: String) async throws -> DashboardUser? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("SELECT * FROM dashboard_users WHERE id = \(bind: id)").first().map(Self.user(from:))
        }
    }

    public func user(email: String) async throws -> DashboardUser? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("SELECT * FROM dashboard_users WHERE email = \(bind: email.lowercased())").first()
                .map(Self.user(from:))
        }
    }

    public func users() async throws -> [DashboardUser] {
        try await database.atomically(.read) { session in
            try await session.sql.raw("SELECT * FROM dashboard_users ORDER BY email").all().map(Self.user(from:))
        }
    }

    public func createSession(_ dashboardSession: DashboardSession) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                INSERT INTO dashboard_sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
                VALUES (\(bind: dashboardSession.tokenHash), \(bind: dashboardSession.userID), \(bind: dashboardSession.createdAt.milliseconds),
                        \(bind: dashboardSession.lastSeenAt.milliseconds), \(bind: dashboardSession.expiresAt.milliseconds))
                """).run()
        }
    }

    public func session(tokenHash: String) async throws -> DashboardSession? {
        try await database.atomically(.read) { session in
            try await session.sql.raw("SELECT * FROM dashboard_sessions WHERE token_hash = \(bind: tokenHash)").first().map { row in
                DashboardSession(
                    tokenHash: try row.string("token_hash"), userID: try row.string("user_id"),
                    createdAt: Instant(milliseconds: try row.int64("created_at")),
                    lastSeenAt: Instant(milliseconds: try row.int64("last_seen_at")),
                    expiresAt: Instant(milliseconds: try row.int64("expires_at")))
            }
        }
    }

    public func touchSession(tokenHash: String, at instant: Instant) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("""
                UPDATE dashboard_sessions SET last_seen_at = \(bind: instant.milliseconds) WHERE token_hash = \(bind: tokenHash)
                """).run()
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("DELETE FROM dashboard_sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    public func deleteSessions(userID: String) async throws -> Int {
        try await database.atomically(.write) { session in
            try await session.sql.raw("DELETE FROM dashboard_sessions WHERE user_id = \(bind: userID) RETURNING token_hash").all().count
        }
    }

    public func prune(sessionsEndedBefore now: Instant, failuresBefore: Instant) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("DELETE FROM dashboard_sessions WHERE expires_at < \(bind: now.milliseconds)").run()
            try await session.sql.raw("DELETE FROM dashboard_login_failures WHERE failed_at < \(bind: failuresBefore.milliseconds)").run()
        }
    }

    public func recordLoginFailure(subjects: [String], at instant: Instant) async throws {
        try await database.atomically(.write) { session in
            for subject in subjects {
                try await session.sql.raw("""
                    INSERT INTO dashboard_login_failures (subject, failed_at) VALUES (\(bind: subject), \(bind: instant.milliseconds))
                    """).run()
            }
        }
    }

    public func loginFailures(subject: String, since: Instant) async throws -> (count: Int, earliest: Instant?) {
        try await database.atomically(.read) { session in
            guard let row = try await session.sql.raw("""
                SELECT COUNT(*) AS failures, MIN(failed_at) AS earliest FROM dashboard_login_failures
                WHERE subject = \(bind: subject) AND failed_at >= \(bind: since.milliseconds)
                """).first() else { return (0, nil) }
            return (Int(try row.int64("failures")), try row.optionalInt64("earliest").map(Instant.init(milliseconds:)))
        }
    }

    public func clearLoginFailures(subject: String) async throws {
        try await database.atomically(.write) { session in
            try await session.sql.raw("DELETE FROM dashboard_login_failures WHERE subject = \(bind: subject)").run()
        }
    }

    static func appsText(_ appIDs: [String]?) throws -> String? {
        try appIDs.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
    }

    static func user(from row: any SQLRow) throws -> DashboardUser {
        let apps = try row.optionalString("app_ids").map { try JSONDecoder().decode([String].self, from: Data($0.utf8)) }
        guard let role = DashboardRole(rawValue: try row.string("role")) else {
            throw StorageError(.corruptRecord, "a dashboard user has an unknown role")
        }
        return DashboardUser(
            id: try row.string("id"), email: try row.string("email"), name: try row.string("name"), role: role, appIDs: apps,
            passwordHash: try row.string("password_hash"), createdAt: Instant(milliseconds: try row.int64("created_at")))
    }
}
