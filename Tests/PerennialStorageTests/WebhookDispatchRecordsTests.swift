import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The dispatcher's side of the webhook outbox, as stored: pending deliveries scanned in the order
/// recorded, leased to one dispatcher at a time, given back, and made dead letters when their endpoint goes.
@Suite("Ledger: webhook dispatch")
struct WebhookDispatchRecordsTests {
    typealias Records = WebhookRecordsTests

    static func pending(_ ledger: SQLLedger, endpoint: String = "ep", after: Int64 = 0, limit: Int = 100) async throws -> [PendingWebhookDelivery] {
        try await ledger.read { try await $0.pendingWebhookDeliveries(appID: "app", endpointID: endpoint, after: after, limit: limit) }
    }

    static func lease(_ ledger: SQLLedger, _ ids: [Int64], now: Int64, until: Int64) async throws -> [Int64] {
        try await ledger.write {
            try await $0.leaseWebhookDeliveries(ids: ids, now: Fixtures.instant(now), until: Fixtures.instant(until))
        }.map(\.id)
    }

    @Test(arguments: TestDatabase.available)
    func pendingDeliveriesAreScannedInTheOrderRecordedPerEndpoint(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Records.record(ledger, [
                Records.delivery(1, user: "alice"), Records.delivery(2, user: "bob"), Records.delivery(3, endpoint: "other"),
                Records.delivery(4, user: "alice"), Records.delivery(5, app: "elsewhere"),
            ])
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[1], WebhookAttempt(state: .delivered, attemptedAt: Fixtures.instant(2_000)))
            }
            let scanned = try await Self.pending(ledger)
            #expect(scanned.map(\.id) == [ids[0], ids[3]])
            #expect(scanned.map(\.appUserID) == ["alice", "alice"])
            #expect(scanned[0] == PendingWebhookDelivery(id: ids[0], appUserID: "alice", nextAttemptAt: Fixtures.instant(1_001), leaseExpiresAt: nil))
            #expect(try await Self.pending(ledger, after: ids[0]).map(\.id) == [ids[3]])
            #expect(try await Self.pending(ledger, limit: 1).map(\.id) == [ids[0]])
            #expect(try await Self.pending(ledger, endpoint: "other").map(\.id) == [ids[2]])
            #expect(try await Self.pending(ledger, limit: 0).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aDeliveryIsLeasedOnlyWhenDueAndFreeAndItsAttemptEndsTheLease(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            // Due at 1 001 and 1 002.
            let ids = try await Records.record(ledger, [Records.delivery(1), Records.delivery(2, user: "bob")])
            #expect(try await Self.lease(ledger, ids, now: 1_001, until: 5_000) == [ids[0]], "the second is not due yet")
            #expect(try await Self.lease(ledger, ids, now: 1_002, until: 5_000) == [ids[1]], "the first is leased")
            #expect(try await Self.pending(ledger).map(\.leaseExpiresAt) == [Fixtures.instant(5_000), Fixtures.instant(5_000)])
            // A lease that ran out (its dispatcher died) frees the delivery.
            #expect(try await Self.lease(ledger, ids, now: 5_000, until: 9_000) == ids)
            // An attempt to be retried ends the lease; the delivery is due again at its next attempt.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .pending, attemptedAt: Fixtures.instant(5_100), status: 503, error: "http_503", nextAttemptAt: Fixtures.instant(7_000)))
            }
            let first = try #require(try await Self.pending(ledger).first)
            #expect(first.leaseExpiresAt == nil && first.nextAttemptAt == Fixtures.instant(7_000))
            #expect(!first.isFree(at: Fixtures.instant(6_999)) && first.isFree(at: Fixtures.instant(7_000)))
            #expect(try await Self.lease(ledger, [ids[0]], now: 6_999, until: 20_000).isEmpty)
            // Released without an attempt: free at once.
            try await ledger.write { try await $0.releaseWebhookDeliveries(ids: [ids[1]]) }
            #expect(try await Self.lease(ledger, [ids[1]], now: 5_200, until: 20_000) == [ids[1]])
            // A delivered one is never leased again.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[1], WebhookAttempt(state: .delivered, attemptedAt: Fixtures.instant(5_300)))
            }
            #expect(try await Self.lease(ledger, [ids[1]], now: 30_000, until: 40_000).isEmpty)
        }
    }

    /// Of many dispatchers asking for the same deliveries at once, each delivery goes to exactly one.
    @Test(arguments: TestDatabase.available)
    func concurrentLeasesNeverShareADelivery(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Records.record(ledger, (1...40).map { Records.delivery(Int64($0), user: "u\($0)") })
            let leased = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for _ in 0..<6 { group.addTask { try await Self.lease(ledger, ids, now: 10_000, until: 20_000) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(leased.sorted() == ids)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deliveriesOfARemovedOrDisabledEndpointBecomeDeadLettersThatAFailureNeverRevives(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write { write in
                for id in ["ep", "other"] { try await write.saveWebhookEndpoint(Records.endpoint(id, createdAt: 1)) }
            }
            let ids = try await Records.record(ledger, [
                Records.delivery(1), Records.delivery(2, user: "bob"), Records.delivery(3, endpoint: "other"),
                Records.delivery(4, user: "carol"),
            ])
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[3], WebhookAttempt(state: .delivered, attemptedAt: Fixtures.instant(1_500)))
            }
            #expect(try await Self.lease(ledger, [ids[1]], now: 2_000, until: 9_000) == [ids[1]])
            #expect(try await ledger.write { try await $0.deleteWebhookEndpoint(appID: "app", id: "ep") })
            for id in ids[0...1] {
                let record = try #require(try await Records.read(ledger, id))
                #expect(record.state == .failed && record.lastError == "endpoint_removed")
            }
            #expect(try await Records.read(ledger, ids[3])?.state == .delivered, "a delivered one stays delivered")
            #expect(try await Self.pending(ledger).isEmpty)
            // The attempt in flight as it went: a failure is dropped, an arrival recorded.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[1], WebhookAttempt(
                    state: .pending, attemptedAt: Fixtures.instant(2_100), status: 503, error: "http_503", nextAttemptAt: Fixtures.instant(3_000)))
            }
            #expect(try await Records.read(ledger, ids[1])?.state == .failed)
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[1], WebhookAttempt(state: .delivered, attemptedAt: Fixtures.instant(2_200), status: 200))
            }
            #expect(try await Records.read(ledger, ids[1])?.state == .delivered)

            let failed = try await ledger.write {
                try await $0.failPendingWebhookDeliveries(appID: "app", endpointID: "other", error: "endpoint_disabled", at: Fixtures.instant(4_000))
            }
            #expect(failed == 1)
            let other = try #require(try await Records.read(ledger, ids[2]))
            #expect(other.state == .failed && other.lastError == "endpoint_disabled" && other.lastAttemptAt == Fixtures.instant(4_000))
            #expect(other.attempts == 0)
        }
    }

    /// The metrics' view: pending deliveries per endpoint, and how late the first of a customer's line is
    /// (one waiting behind a retried delivery is not late).
    @Test(arguments: TestDatabase.available)
    func theOutboxIsCountedWithTheEarliestDueFirstOfALine(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Records.record(ledger, [
                Records.delivery(1), Records.delivery(2), Records.delivery(3, user: "bob"), Records.delivery(4, endpoint: "other"),
            ])
            // Alice's first is retried later: her second waits behind it, due (1 002) but not late.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .pending, attemptedAt: Fixtures.instant(1_500), status: 500, nextAttemptAt: Fixtures.instant(60_000)))
            }
            let counts = try await ledger.read { try await $0.webhookOutboxCounts(now: Fixtures.instant(10_000)) }
            #expect(counts == [
                WebhookOutboxCount(appID: "app", endpointID: "ep", pending: 3, earliestDueAt: Fixtures.instant(1_003)),
                WebhookOutboxCount(appID: "app", endpointID: "other", pending: 1, earliestDueAt: Fixtures.instant(1_004)),
            ])
            let early = try await ledger.read { try await $0.webhookOutboxCounts(now: Fixtures.instant(1_000)) }
            #expect(early.map(\.earliestDueAt) == [nil, nil])
        }
    }

    /// Many outcomes in one statement, each as `recordWebhookAttempt` would write it alone (values that are
    /// absent in the first rows included), a failure still never reviving a dead letter.
    @Test(arguments: TestDatabase.available)
    func severalAttemptsAreRecordedTogether(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Records.record(ledger, (1...4).map { Records.delivery(Int64($0), user: "u\($0)") })
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[3], WebhookAttempt(state: .failed, attemptedAt: Fixtures.instant(1_500), status: 410))
            }
            _ = try await Self.lease(ledger, Array(ids[0...1]), now: 2_000, until: 9_000)
            try await ledger.write {
                try await $0.recordWebhookAttempts([
                    (ids[0], WebhookAttempt(state: .pending, attemptedAt: Fixtures.instant(3_000), error: "timeout", nextAttemptAt: Fixtures.instant(8_000))),
                    (ids[1], WebhookAttempt(state: .delivered, attemptedAt: Fixtures.instant(3_001), status: 204, latencyMilliseconds: 12)),
                    (ids[2], WebhookAttempt(state: .failed, attemptedAt: Fixtures.instant(3_002), status: 400, error: "http_400", latencyMilliseconds: 7)),
                    (ids[3], WebhookAttempt(state: .pending, attemptedAt: Fixtures.instant(3_003), status: 503, nextAttemptAt: Fixtures.instant(9_000))),
                ])
            }
            let records = try await ids.asyncRecords(ledger)
            #expect(records[0] == WebhookDeliveryRecord(
                id: ids[0], delivery: Records.delivery(1, user: "u1"), state: .pending, attempts: 1, lastError: "timeout",
                lastAttemptAt: Fixtures.instant(3_000), nextAttemptAt: Fixtures.instant(8_000)))
            #expect(records[1] == WebhookDeliveryRecord(
                id: ids[1], delivery: Records.delivery(2, user: "u2"), state: .delivered, attempts: 1, lastStatus: 204,
                lastLatencyMilliseconds: 12, lastAttemptAt: Fixtures.instant(3_001), deliveredAt: Fixtures.instant(3_001)))
            #expect(records[2] == WebhookDeliveryRecord(
                id: ids[2], delivery: Records.delivery(3, user: "u3"), state: .failed, attempts: 1, lastStatus: 400, lastError: "http_400",
                lastLatencyMilliseconds: 7, lastAttemptAt: Fixtures.instant(3_002)))
            #expect(records[3].state == .failed && records[3].lastStatus == 410 && records[3].attempts == 1, "the dead letter stays one")
            #expect(try await Self.pending(ledger).map(\.leaseExpiresAt) == [nil], "the attempts ended the leases")
        }
    }

    /// What a message says of its customer, in one read: the ids merged into them and what they own.
    @Test(arguments: TestDatabase.available)
    func aRecipientIsReadWithItsAliasesAndSubscriptions(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let states = [Fixtures.state("b", store: .stripe), Fixtures.state("a"), Fixtures.state("a", store: .playStore)]
            try await ledger.write { write in
                for user in ["u1", "zed", "anon", "u2"] {
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(1))
                }
                for state in states { try await write.saveSubscription(appID: "app", ownerAppUserID: "u1", state: state, updatedAt: Fixtures.instant(2)) }
                try await write.saveSubscription(appID: "app", ownerAppUserID: "u2", state: Fixtures.state("c"), updatedAt: Fixtures.instant(2))
                for alias in ["zed", "anon"] { _ = try await write.mergeCustomer(appID: "app", alias: alias, into: "u1", at: Fixtures.instant(3)) }
            }
            let recipient = try await ledger.read { try await $0.webhookRecipient(appID: "app", appUserID: "u1", known: []) }
            #expect(recipient.aliases == ["anon", "zed"])
            #expect(recipient.subscriptions == states.sorted { $0.key < $1.key })
            // A state the caller vouches for is taken as given, not decoded; one of a key the customer does
            // not own is not added.
            var changed = states[1]
            changed.willRenew.toggle()
            let renewed = changed
            let known = try await ledger.read {
                try await $0.webhookRecipient(appID: "app", appUserID: "u1", known: [renewed, Fixtures.state("c")])
            }
            #expect(known.subscriptions == [states[0], renewed, states[2]].sorted { $0.key < $1.key })
            let lone = try await ledger.read { try await $0.webhookRecipient(appID: "app", appUserID: "nobody", known: []) }
            #expect(lone.aliases.isEmpty && lone.subscriptions.isEmpty)
            let other = try await ledger.read { try await $0.webhookRecipient(appID: "other", appUserID: "u1", known: []) }
            #expect(other.aliases.isEmpty && other.subscriptions.isEmpty)
        }
    }
}

extension [Int64] {
    /// The deliveries with these ids, in this order.
    func asyncRecords(_ ledger: SQLLedger) async throws -> [WebhookDeliveryRecord] {
        var records: [WebhookDeliveryRecord] = []
        for id in self { records.append(try #require(try await WebhookRecordsTests.read(ledger, id))) }
        return records
    }
}
