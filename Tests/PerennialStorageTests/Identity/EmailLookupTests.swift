import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import Testing

/// A customer is found by the `$email` attribute through a keyed digest kept beside the sealed attributes:
/// compared in lower case; customers stored before the digest existed are filled in; a key
/// rotation finds them under the previous key until they are filled in again under the new one; an erased
/// customer is not found.
@Suite("Identity: customers found by email")
struct EmailLookupTests {
    @Test(arguments: TestDatabase.available)
    func aCustomerIsFoundByTheirEmailsDigest(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let app = IdentityWorld.app
            let ledger = SQLLedger(database: connection)
            let clock = FixedClock(Fixtures.instant(1_500))
            let customers = CustomerService(ledger: ledger, clock: clock)
            func identity(_ box: SecretBox) -> IdentityService {
                IdentityService(ledger: ledger, customers: customers, secrets: box, clock: clock)
            }
            let oldKey = SecretBox.generateMasterKey(), newKey = SecretBox.generateMasterKey()
            let before = identity(try SecretBox(masterKey: oldKey))
            _ = try await before.updateAttributes(app: app, appUserID: "ann", ["$email": "Ann@Example.com"])
            _ = try await before.updateAttributes(app: app, appUserID: "bob", ["$display_name": "Bob"])
            #expect(try await before.customers(app: app, email: "ann@example.COM") == ["ann"])
            #expect(try await before.customers(app: app, email: "bob@example.com").isEmpty)
            #expect(try await before.fillEmailLookups(app: app) == 0, "every save keeps its digest")

            // A customer saved before the digest was kept has none until it is filled in.
            try await ledger.write { session in
                let stored = try #require(try await session.customerAttributes(appID: app.id, appUserID: "ann"))
                try await session.saveCustomerAttributes(
                    appID: app.id, appUserID: "ann", SealedAttributes(sealed: stored.sealed, updatedAt: stored.updatedAt))
            }
            #expect(try await before.customers(app: app, email: "ann@example.com").isEmpty)
            #expect(try await before.fillEmailLookups(app: app) == 1)
            #expect(try await before.customers(app: app, email: "ann@example.com") == ["ann"])

            // The migration marks every customer with attributes for a fill, and only those.
            try await ledger.write { _ = try await $0.findOrCreateCustomer(appID: app.id, appUserID: "cy", createdAt: Fixtures.instant(1)) }
            try await connection.withSession { session in
                try await session.execute(Migration.emailLookups.statements(session.kind)[1])
            }
            #expect(try await before.fillEmailLookups(app: app) == 2)
            #expect(try await before.fillEmailLookups(app: app) == 0)
            #expect(try await before.customers(app: app, email: "ann@example.com") == ["ann"])

            // Rotating the master key: found through the previous key's digest, then filled in under the new key.
            let rotating = try SecretBox(masterKey: newKey, previousMasterKeys: [oldKey])
            #expect(try await identity(rotating).customers(app: app, email: "ann@example.com") == ["ann"])
            _ = try await KeyRotation(values: SQLSealedValues(database: connection), secrets: rotating).rotate()
            let after = identity(try SecretBox(masterKey: newKey))
            #expect(try await after.customers(app: app, email: "ann@example.com").isEmpty)
            #expect(try await after.fillEmailLookups(app: app) == 2)
            #expect(try await after.customers(app: app, email: "ann@example.com") == ["ann"])

            _ = try await after.erase(app: app, appUserID: "ann")
            #expect(try await after.customers(app: app, email: "ann@example.com").isEmpty)
        }
    }
}
