import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The batched writes a page of folds sends (`PendingFoldWrites`): subscriptions saved, waiting checks
/// withdrawn and deduplicated jobs replaced, many per statement, each as its one-at-a-time form would.
@Suite("Batched fold writes")
struct BatchedFoldWritesTests {
    static func job(_ key: String, payload: String, onDuplicate: NewJob.DuplicatePolicy = .replace) -> NewJob {
        NewJob(kind: "subscription.check", appID: "app", payload: Data(payload.utf8), runAt: Instant(milliseconds: 0),
               deduplicationKey: key, onDuplicate: onDuplicate)
    }

    /// A ledger and its queue, with a job of key `leased` running.
    static func runningJob(_ connection: PerennialDatabase) async throws -> (SQLLedger, SQLJobQueue) {
        let ledger = SQLLedger(database: connection)
        let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 0)))
        try await ledger.write { write in
            try await write.enqueue([Self.job("leased", payload: "running")], createdAt: Fixtures.instant(1))
        }
        _ = try #require(try await queue.claim(kinds: ["subscription.check"], now: Instant(milliseconds: 1), leaseMilliseconds: 60_000))
        return (ledger, queue)
    }

    @Test(arguments: TestDatabase.available)
    func subscriptionsAreSavedManyPerStatementTheLaterOfTwoKept(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let many = (0..<1_203).map { SubscriptionSave(ownerAppUserID: "u\($0 % 7)", state: Fixtures.state("s\($0)")) }
            let again = SubscriptionSave(ownerAppUserID: "other", state: Fixtures.state("s5", status: .expired))
            let composed = SubscriptionSave(ownerAppUserID: "c", state: Fixtures.state("caf\u{E9}"))
            let decomposed = SubscriptionSave(ownerAppUserID: "d", state: Fixtures.state("cafe\u{301}", status: .revoked))
            try await ledger.write { write in
                try await write.saveSubscriptions(appID: "app", many + [again, composed, decomposed], updatedAt: Fixtures.instant(9))
            }
            func state(_ id: String) async throws -> SubscriptionState? {
                try await ledger.read { try await $0.subscriptionState(appID: "app", subscription: Fixtures.key(id)) }
            }
            func owner(_ id: String) async throws -> String? {
                try await ledger.read { try await $0.subscriptionOwner(appID: "app", subscription: Fixtures.key(id)) }
            }
            #expect(try await state("s1202") == many[1_202].state)
            #expect(try await state("s5")?.status == .expired)
            #expect(try await owner("s5") == "other")
            #expect(try await owner("caf\u{E9}") == "c")
            #expect(try await owner("cafe\u{301}") == "d")
            #expect(try await ledger.read { try await $0.subscriptions(appID: "app", appUserID: "u3") }.count == 172)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deduplicatedJobsAreReplacedTogetherAsOneByOne(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let (ledger, queue) = try await Self.runningJob(connection)
            try await ledger.write { write in
                try await write.enqueue(
                    [Self.job("waiting", payload: "old"), Self.job("kept", payload: "first", onDuplicate: .keep)], createdAt: Fixtures.instant(2))
            }
            try await ledger.write { write in
                try await write.enqueue([
                    Self.job("waiting", payload: "new"), Self.job("leased", payload: "next"), Self.job("twice", payload: "1"),
                    Self.job("twice", payload: "2"), Self.job("kept", payload: "second", onDuplicate: .keep),
                ] + (0..<250).map { Self.job("k\($0)", payload: "\($0)") }, createdAt: Fixtures.instant(3))
            }
            let jobs = try await queue.jobs(limit: 1_000)
            func payloads(_ state: Job.State) -> Set<String> {
                Set(jobs.filter { $0.state == state }.map { String(decoding: $0.payload, as: UTF8.self) })
            }
            #expect(payloads(.leased) == ["running"], "the running job keeps going")
            #expect(payloads(.waiting) == Set(["new", "next", "2", "first"] + (0..<250).map { "\($0)" }))
            #expect(jobs.count == 255)
        }
    }

    @Test(arguments: TestDatabase.available)
    func waitingJobsAreWithdrawnTogether(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let (ledger, queue) = try await Self.runningJob(connection)
            try await ledger.write { write in
                try await write.enqueue((0..<600).map { Self.job("w\($0)", payload: "\($0)") }, createdAt: Fixtures.instant(2))
            }
            try await ledger.write { write in
                try await write.withdrawWaitingJobs(deduplicationKeys: ["leased", "nothing", "w1", "w1"] + (100..<600).map { "w\($0)" })
            }
            let left = try await queue.jobs(limit: 1_000).map { String(decoding: $0.payload, as: UTF8.self) }
            #expect(Set(left) == Set(["running", "0"] + (2..<100).map { "\($0)" }))
        }
    }
}
