import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Audit log")
struct AuditLogTests {
    func entry(app: String = "app", at milliseconds: Int64, method: String = "GET", path: String = "/v1/admin/notifications") -> AuditEntry {
        AuditEntry(
            occurredAt: Instant(milliseconds: milliseconds), appID: app, keyRole: "secret",
            keyFingerprint: AuditEntry.fingerprint(ofKey: "sk_\(app)_0123456789abcdef"), method: method, path: path, status: 200
        )
    }

    @Test(arguments: TestDatabase.available)
    func entriesAreListedNewestFirstPerApp(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let log = SQLAuditLog(database: connection)
            let first = try await log.record(entry(at: 10))
            let second = try await log.record(entry(at: 20, path: "/v1/admin/customers/u?limit=5"))
            let sameInstant = try await log.record(entry(at: 20, method: "POST", path: "/v1/admin/apple/notifications/test"))
            try await log.record(entry(app: "other", at: 30))
            #expect(first < second && second < sameInstant)
            let listed = try await log.entries(appID: "app", limit: 10)
            #expect(listed.map(\.id) == [sameInstant, second, first])
            #expect(listed[1].path == "/v1/admin/customers/u?limit=5")
            #expect(listed[1].occurredAt == Instant(milliseconds: 20))
            #expect(listed[1].keyRole == "secret")
            #expect(listed[1].status == 200)
            #expect(try await log.entries(appID: "app", limit: 2).count == 2)
            #expect(try await log.entries(appID: "other", limit: 10).map(\.appID) == ["other"])
            #expect(try await log.entries(appID: "nobody", limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aPendingEntryGetsItsStatusLater(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let log = SQLAuditLog(database: connection)
            var pending = entry(at: 10, method: "POST")
            pending.status = nil
            let id = try await log.record(pending)
            #expect(try await log.entries(appID: "app", limit: 1).first?.status == nil)
            try await log.complete(id: id, status: 403)
            #expect(try await log.entries(appID: "app", limit: 1).first?.status == 403)
        }
    }

    @Test func fingerprintsAreTwelveHexCharactersOfSHA256() {
        // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
        #expect(AuditEntry.fingerprint(ofKey: "abc") == "ba7816bf8f01")
        #expect(AuditEntry.fingerprint(ofKey: "sk_a_0123456789abcdef") != AuditEntry.fingerprint(ofKey: "sk_b_0123456789abcdef"))
    }
}
