import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// The dashboard's people, sessions and failed sign-ins, and the audit log's pages and actors, on SQLite
/// and PostgreSQL.
@Suite("Dashboard accounts")
struct DashboardAccountsTests {
    func person(_ id: String, _ email: String, role: DashboardRole = .support, apps: [String]? = ["forest"]) -> DashboardUser {
        DashboardUser(id: id, email: email, name: "Person \(id)", role: role, appIDs: apps, passwordHash: "$2b$04$hash", createdAt: Instant(milliseconds: 5))
    }

    @Test(arguments: TestDatabase.available)
    func peopleAreUniqueByEmailAndKeepTheirRoleAndApps(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let accounts = SQLDashboardAccounts(database: connection)
            #expect(try await accounts.createUser(person("usr_1", "Ana@Example.com")))
            #expect(try await !accounts.createUser(person("usr_2", "ana@example.com")), "the email is taken, whatever its case")
            #expect(try await accounts.createUser(person("usr_3", "bo@example.com", role: .owner, apps: nil)))
            let ana = try #require(try await accounts.user(email: "ANA@example.com"))
            #expect(ana.id == "usr_1" && ana.email == "ana@example.com" && ana.role == .support && ana.appIDs == ["forest"])
            #expect(try await accounts.user(id: "usr_3")?.appIDs == nil)
            #expect(try await accounts.users().map(\.email) == ["ana@example.com", "bo@example.com"])
            var changed = ana
            changed.role = .admin
            changed.appIDs = ["forest", "grove"]
            #expect(try await accounts.updateUser(changed))
            #expect(try await accounts.user(id: "usr_1")?.appIDs == ["forest", "grove"])
            #expect(try await !accounts.updateUser(person("usr_9", "nobody@example.com")))
            #expect(try await accounts.deleteUser(id: "usr_1"))
            #expect(try await !accounts.deleteUser(id: "usr_1"))
            #expect(try await accounts.user(email: "ana@example.com") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func sessionsAreKeptByTheirHashAndEndPerPersonOrWhenExpired(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let accounts = SQLDashboardAccounts(database: connection)
            _ = try await accounts.createUser(person("usr_1", "ana@example.com"))
            for (hash, expires) in [("h1", 100), ("h2", 200), ("h3", 300)] as [(String, Int64)] {
                try await accounts.createSession(DashboardSession(
                    tokenHash: hash, userID: hash == "h3" ? "usr_other" : "usr_1", createdAt: Instant(milliseconds: 1),
                    lastSeenAt: Instant(milliseconds: 1), expiresAt: Instant(milliseconds: expires)))
            }
            try await accounts.touchSession(tokenHash: "h1", at: Instant(milliseconds: 50))
            #expect(try await accounts.session(tokenHash: "h1")?.lastSeenAt == Instant(milliseconds: 50))
            try await accounts.prune(sessionsEndedBefore: Instant(milliseconds: 150), failuresBefore: Instant(milliseconds: 0))
            #expect(try await accounts.session(tokenHash: "h1") == nil)
            #expect(try await accounts.deleteSessions(userID: "usr_1") == 1)
            #expect(try await accounts.session(tokenHash: "h2") == nil)
            #expect(try await accounts.session(tokenHash: "h3")?.userID == "usr_other")
            try await accounts.deleteSession(tokenHash: "h3")
            #expect(try await accounts.session(tokenHash: "h3") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func failuresAreCountedPerSubjectOverAWindow(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let accounts = SQLDashboardAccounts(database: connection)
            for at in [10, 20, 30] as [Int64] {
                try await accounts.recordLoginFailure(subjects: ["account:a", "address:1"], at: Instant(milliseconds: at))
            }
            try await accounts.recordLoginFailure(subjects: ["account:b", "address:1"], at: Instant(milliseconds: 40))
            let a = try await accounts.loginFailures(subject: "account:a", since: Instant(milliseconds: 15))
            #expect(a.count == 2 && a.earliest == Instant(milliseconds: 20))
            #expect(try await accounts.loginFailures(subject: "address:1", since: Instant(milliseconds: 0)).count == 4)
            #expect(try await accounts.loginFailures(subject: "account:c", since: Instant(milliseconds: 0)).count == 0)
            try await accounts.clearLoginFailures(subject: "account:a")
            #expect(try await accounts.loginFailures(subject: "account:a", since: Instant(milliseconds: 0)).count == 0)
            try await accounts.prune(sessionsEndedBefore: Instant(milliseconds: 0), failuresBefore: Instant(milliseconds: 35))
            #expect(try await accounts.loginFailures(subject: "address:1", since: Instant(milliseconds: 0)).count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func theAuditLogPagesByCursorAcrossScopesAndNamesThePerson(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let log = SQLAuditLog(database: connection)
            var ids: [Int64] = []
            for (index, app) in ["forest", "*", "grove", "forest", "forest"].enumerated() {
                ids.append(try await log.record(AuditEntry(
                    occurredAt: Instant(milliseconds: Int64(index)), appID: app, keyRole: "person", keyFingerprint: "usr_1",
                    method: "POST", path: "/dashboard/x\(index)", status: 303, actor: index == 0 ? "Ana <ana@example.com>" : nil)))
            }
            let first = try await log.entries(appIDs: ["forest", "*"], before: nil, limit: 2)
            #expect(first.map(\.id) == [ids[4], ids[3]])
            let second = try await log.entries(appIDs: ["forest", "*"], before: ids[3], limit: 2)
            #expect(second.map(\.id) == [ids[1], ids[0]])
            #expect(second.last?.actor == "Ana <ana@example.com>" && second.first?.actor == nil)
            #expect(try await log.entries(appIDs: [], before: nil, limit: 5).isEmpty)
        }
    }
}
