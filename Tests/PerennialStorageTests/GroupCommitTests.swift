import Foundation
import PerennialCore
import PerennialServices
@testable import PerennialStorage
import PerennialTesting
import Testing

/// Group commit (`SQLLedger.groupedWrite`): many concurrent writes share transactions, each caller gets its
/// own result once it is stored, and one that fails changes nothing and spoils no one else's.
@Suite("Ledger: group commit")
struct GroupCommitTests {
    struct Refused: Error {}

    @Test(arguments: TestDatabase.available)
    func concurrentWritesShareCommitsAndFailAlone(database: TestDatabase) async throws {
        // Grouped on every database here, PostgreSQL too (which does not group by default).
        try await database.withDatabase(groupCommit: GroupCommitSettings(maxBatch: 16, maxWait: .milliseconds(1))) { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write {
                try await $0.saveApp(AppRecord(id: "app", bundleID: "com.example", sealedCredentials: Data([1]), updatedAt: Instant(milliseconds: 1)))
            }
            let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
                for index in 0..<120 {
                    group.addTask {
                        do {
                            let stored = try await ledger.groupedWrite { session -> Int in
                                _ = try await session.findOrCreateCustomer(appID: "app", appUserID: "user-\(index)", createdAt: Instant(milliseconds: 2))
                                if index % 10 == 7 { throw Refused() }
                                return index
                            }
                            return (stored, true)
                        } catch {
                            return (index, false)
                        }
                    }
                }
                var outcomes: [Int: Bool] = [:]
                for await (index, stored) in group { outcomes[index] = stored }
                return outcomes
            }
            #expect(outcomes.count == 120)
            for index in 0..<120 {
                let customer = try await ledger.read { try await $0.customer(appID: "app", appUserID: "user-\(index)") }
                let refused = index % 10 == 7
                #expect(outcomes[index] == !refused, "user-\(index)")
                #expect((customer != nil) == !refused, "a refused write leaves nothing; the others are all stored: user-\(index)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aWriteInsideATransactionIsRefused(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            await #expect(throws: StorageError.self) {
                try await ledger.write { _ in try await ledger.groupedWrite { _ in 1 } }
            }
        }
    }
}
