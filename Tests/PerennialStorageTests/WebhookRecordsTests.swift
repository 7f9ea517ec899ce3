import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// Webhook endpoints and the deliveries owed to them (`WebhookRecords`), as stored.
@Suite("Ledger: webhook endpoints and deliveries")
struct WebhookRecordsTests {
    static func endpoint(
        _ id: String, app: String = "app", createdAt: Int64, kinds: [String] = [], enabled: Bool = true,
        secrets: Data = Data([0, 1, 2, 255])
    ) -> WebhookEndpointRecord {
        WebhookEndpointRecord(
            id: id, appID: app, url: "https://hooks.example.com/\(id)", kinds: kinds, isEnabled: enabled,
            headers: ["X-Team": "growth", "Authorization": "Bearer t/1"], description: "endpoint \(id)", sealedSecrets: secrets,
            source: "api", createdAt: Fixtures.instant(createdAt), updatedAt: Fixtures.instant(createdAt))
    }

    static func delivery(
        _ sequence: Int64, app: String = "app", endpoint: String = "ep", user: String = "alice", occurredAt: Int64 = 100,
        replayOf: Int64? = nil, body: String? = nil
    ) -> NewWebhookDelivery {
        NewWebhookDelivery(
            appID: app, endpointID: endpoint, eventSequence: sequence, messageID: "evt_\(sequence)", kind: "renewal",
            appUserID: user, body: body ?? #"{"app_user_id":"\#(user)","id":"evt_\#(sequence)"}"#,
            occurredAt: Fixtures.instant(occurredAt), createdAt: Fixtures.instant(1_000 + sequence), replayOf: replayOf,
            orderingPosition: sequence)
    }

    static func record(_ ledger: SQLLedger, _ deliveries: [NewWebhookDelivery]) async throws -> [Int64] {
        try await ledger.write { try await $0.recordWebhookDeliveries(deliveries) }
    }

    static func read(_ ledger: SQLLedger, _ id: Int64, app: String = "app") async throws -> WebhookDeliveryRecord? {
        try await ledger.read { try await $0.webhookDelivery(appID: app, id: id) }
    }

    @Test(arguments: TestDatabase.available)
    func endpointsAreSavedUpdatedListedAndDeleted(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let first = Self.endpoint("whep_first", createdAt: 10, kinds: ["renewal", "initial_purchase"])
            var second = Self.endpoint("config-one", createdAt: 5, enabled: false, secrets: Data())
            second.source = "configuration"
            second.failingSince = Fixtures.instant(7)
            second.disabledReason = "failing"
            second.headers = [:]
            let foreign = Self.endpoint("whep_first", app: "other", createdAt: 1)
            let endpoints = [first, second, foreign]
            try await ledger.write { write in
                for endpoint in endpoints { try await write.saveWebhookEndpoint(endpoint) }
            }
            #expect(try await ledger.read { try await $0.webhookEndpoints(appID: "app") } == [endpoints[1], first])
            #expect(try await ledger.read { try await $0.webhookEndpoint(appID: "app", id: "whep_first") } == first)
            #expect(try await ledger.read { try await $0.webhookEndpoint(appID: "other", id: "whep_first") } == foreign)
            #expect(try await ledger.read { try await $0.webhookEndpoint(appID: "app", id: "unknown") } == nil)
            #expect(try await ledger.read { try await $0.webhookEndpoints(appID: "nobody") }.isEmpty)

            // Saved again: replaced, every field.
            var updated = first
            updated.url = "https://hooks.example.com/v2"
            updated.kinds = []
            updated.isEnabled = false
            updated.headers = ["X-Other": "2"]
            updated.description = "renamed"
            updated.sealedSecrets = Data((0..<64).map { UInt8($0 * 3 % 256) })
            updated.updatedAt = Fixtures.instant(20)
            updated.failingSince = Fixtures.instant(15)
            updated.disabledReason = "failing"
            let savedUpdate = updated
            try await ledger.write { try await $0.saveWebhookEndpoint(savedUpdate) }
            #expect(try await ledger.read { try await $0.webhookEndpoint(appID: "app", id: "whep_first") } == savedUpdate)
            // And enabled again: the failure marks go.
            var recovered = updated
            recovered.isEnabled = true
            recovered.failingSince = nil
            recovered.disabledReason = nil
            recovered.kinds = ["expiration"]
            let savedRecovery = recovered
            try await ledger.write { try await $0.saveWebhookEndpoint(savedRecovery) }
            #expect(try await ledger.read { try await $0.webhookEndpoints(appID: "app") } == [endpoints[1], savedRecovery])
            #expect(try await ledger.read { try await $0.webhookEndpoint(appID: "other", id: "whep_first") } == foreign)

            #expect(try await ledger.write { try await $0.deleteWebhookEndpoint(appID: "app", id: "whep_first") })
            #expect(!(try await ledger.write { try await $0.deleteWebhookEndpoint(appID: "app", id: "whep_first") }))
            #expect(!(try await ledger.write { try await $0.deleteWebhookEndpoint(appID: "nobody", id: "config-one") }))
            #expect(try await ledger.read { try await $0.webhookEndpoints(appID: "app") } == [endpoints[1]])
            #expect(try await ledger.read { try await $0.webhookEndpoints(appID: "other") } == [foreign])
        }
    }

    @Test(arguments: TestDatabase.available)
    func deliveriesAreRecordedReadAndAttempted(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let (one, two) = (Self.delivery(11), Self.delivery(12, endpoint: "ep2", user: "bob"))
            let ids = try await Self.record(ledger, [one, two])
            #expect(ids.count == 2)
            #expect(ids[0] < ids[1])
            #expect(try await Self.record(ledger, []).isEmpty)

            let fresh = try #require(try await Self.read(ledger, ids[0]))
            #expect(fresh == WebhookDeliveryRecord(
                id: ids[0], delivery: one, state: .pending, attempts: 0, nextAttemptAt: one.createdAt))
            #expect(try await Self.read(ledger, ids[1])?.delivery == two)
            #expect(try await Self.read(ledger, ids[0], app: "other") == nil)
            #expect(try await Self.read(ledger, ids[1] + 100) == nil)

            // A failed attempt, to be tried again.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .pending, attemptedAt: Fixtures.instant(2_000), status: 503, error: "http_503", latencyMilliseconds: 120,
                    nextAttemptAt: Fixtures.instant(2_500)))
            }
            #expect(try await Self.read(ledger, ids[0]) == WebhookDeliveryRecord(
                id: ids[0], delivery: one, state: .pending, attempts: 1, lastStatus: 503, lastError: "http_503",
                lastLatencyMilliseconds: 120, lastAttemptAt: Fixtures.instant(2_000), nextAttemptAt: Fixtures.instant(2_500)))
            // No answer at all (a timeout): no status.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .pending, attemptedAt: Fixtures.instant(2_500), error: "timeout", latencyMilliseconds: 10_000,
                    nextAttemptAt: Fixtures.instant(3_000)))
            }
            var record = try #require(try await Self.read(ledger, ids[0]))
            #expect(record.attempts == 2)
            #expect(record.lastStatus == nil)
            #expect(record.lastError == "timeout")
            // Delivered.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .delivered, attemptedAt: Fixtures.instant(3_000), status: 204, latencyMilliseconds: 30))
            }
            #expect(try await Self.read(ledger, ids[0]) == WebhookDeliveryRecord(
                id: ids[0], delivery: one, state: .delivered, attempts: 3, lastStatus: 204, lastLatencyMilliseconds: 30,
                lastAttemptAt: Fixtures.instant(3_000), deliveredAt: Fixtures.instant(3_000)))
            // Sent again (its job ran again after a lost lease): attempts go on, delivered when it first was.
            try await ledger.write {
                try await $0.recordWebhookAttempt(deliveryID: ids[0], WebhookAttempt(
                    state: .delivered, attemptedAt: Fixtures.instant(4_000), status: 200, latencyMilliseconds: 40))
            }
            record = try #require(try await Self.read(ledger, ids[0]))
            #expect(record.attempts == 4)
            #expect(record.lastStatus == 200)
            #expect(record.lastAttemptAt == Fixtures.instant(4_000))
            #expect(record.deliveredAt == Fixtures.instant(3_000))
            // The other delivery was not touched.
            #expect(try await Self.read(ledger, ids[1]) == WebhookDeliveryRecord(
                id: ids[1], delivery: two, state: .pending, attempts: 0, nextAttemptAt: two.createdAt))
        }
    }

    @Test(arguments: TestDatabase.available)
    func onlyAFailedDeliveryIsReopened(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Self.record(ledger, [Self.delivery(1), Self.delivery(2), Self.delivery(3)])
            let (failed, delivered, pending) = (ids[0], ids[1], ids[2])
            try await ledger.write { write in
                try await write.recordWebhookAttempt(deliveryID: failed, WebhookAttempt(
                    state: .failed, attemptedAt: Fixtures.instant(2_000), status: 410, error: "http_410", latencyMilliseconds: 5))
                try await write.recordWebhookAttempt(deliveryID: delivered, WebhookAttempt(
                    state: .delivered, attemptedAt: Fixtures.instant(2_000), status: 200, latencyMilliseconds: 5))
            }
            let reopen = { (id: Int64, app: String) in
                try await ledger.write { try await $0.reopenWebhookDelivery(appID: app, id: id, at: Fixtures.instant(5_000)) }
            }
            #expect(try await reopen(delivered, "app") == nil)
            #expect(try await reopen(pending, "app") == nil)
            #expect(try await reopen(failed, "other") == nil)
            #expect(try await reopen(ids[2] + 100, "app") == nil)
            #expect(try await Self.read(ledger, delivered)?.state == .delivered)
            #expect(try await Self.read(ledger, pending)?.nextAttemptAt == Self.delivery(3).createdAt)
            #expect(try await Self.read(ledger, failed)?.state == .failed)

            let reopened = try #require(try await reopen(failed, "app"))
            #expect(reopened == WebhookDeliveryRecord(
                id: failed, delivery: Self.delivery(1), state: .pending, attempts: 1, lastStatus: 410, lastError: "http_410",
                lastLatencyMilliseconds: 5, lastAttemptAt: Fixtures.instant(2_000), nextAttemptAt: Fixtures.instant(5_000)))
            #expect(try await Self.read(ledger, failed) == reopened)
            // Pending now: not reopened twice.
            #expect(try await reopen(failed, "app") == nil)
        }
    }

    @Test(arguments: TestDatabase.available)
    func deliveriesArePagedNewestFirstPerEndpointAndState(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            var ids: [Int64] = []
            for sequence in Int64(1)...7 {
                ids += try await Self.record(ledger, [Self.delivery(sequence), Self.delivery(sequence, endpoint: "ep2")])
                    .prefix(1)
            }
            _ = try await Self.record(ledger, [Self.delivery(8, app: "other")])
            let failed = [ids[1], ids[4], ids[5]]
            try await ledger.write { write in
                for id in failed {
                    try await write.recordWebhookAttempt(deliveryID: id, WebhookAttempt(
                        state: .failed, attemptedAt: Fixtures.instant(2_000), status: 400, error: "http_400", latencyMilliseconds: 5))
                }
            }
            let page = { (state: WebhookDeliveryState?, before: Int64?, limit: Int) in
                try await ledger.read {
                    try await $0.webhookDeliveries(appID: "app", endpointID: "ep", state: state, before: before, limit: limit).map(\.id)
                }
            }
            // Page by page, newest first, each after the last id seen: every one of the endpoint's, once.
            var seen: [Int64] = []
            var before: Int64?
            while true {
                let next = try await page(nil, before, 3)
                #expect(next.count <= 3)
                guard let last = next.last else { break }
                seen += next
                before = last
            }
            #expect(seen == ids.reversed())
            #expect(try await page(.failed, nil, 10) == failed.reversed())
            #expect(try await page(.failed, ids[5], 10) == [ids[4], ids[1]])
            #expect(try await page(.failed, nil, 1) == [ids[5]])
            #expect(try await page(.pending, ids[3], 10) == [ids[2], ids[0]])
            #expect(try await page(.delivered, nil, 10).isEmpty)
            #expect(try await page(nil, nil, 0).isEmpty)
            #expect(try await ledger.read {
                try await $0.webhookDeliveries(appID: "app", endpointID: "ep2", state: nil, before: nil, limit: 100)
            }.map(\.delivery.eventSequence) == Array((Int64(1)...7).reversed()))
            #expect(try await ledger.read {
                try await $0.webhookDeliveries(appID: "other", endpointID: "ep", state: nil, before: nil, limit: 100)
            }.map(\.delivery.eventSequence) == [8])
        }
    }

    @Test(arguments: TestDatabase.available)
    func aReplayTakesTheFirstDeliveriesOfItsTimeRange(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let ids = try await Self.record(ledger, [
                Self.delivery(1, occurredAt: 100), Self.delivery(2, occurredAt: 200), Self.delivery(3, occurredAt: 300),
                Self.delivery(4, occurredAt: 400), Self.delivery(5, endpoint: "ep2", occurredAt: 250),
                Self.delivery(6, app: "other", occurredAt: 250),
            ])
            // An earlier replay sent 2 and 3 again.
            let replays = try await Self.record(ledger, [
                Self.delivery(2, occurredAt: 200, replayOf: ids[1]), Self.delivery(3, occurredAt: 300, replayOf: ids[2]),
            ])
            #expect(try await Self.read(ledger, replays[0])?.delivery.replayOf == ids[1])
            let toReplay = { (from: Int64, to: Int64, after: Int64, limit: Int) in
                try await ledger.read {
                    try await $0.webhookDeliveriesToReplay(
                        appID: "app", endpointID: "ep", from: Fixtures.instant(from), to: Fixtures.instant(to), after: after, limit: limit
                    ).map(\.id)
                }
            }
            #expect(try await toReplay(150, 350, 0, 10) == [ids[1], ids[2]])
            // Both ends included.
            #expect(try await toReplay(200, 300, 0, 10) == [ids[1], ids[2]])
            #expect(try await toReplay(201, 299, 0, 10).isEmpty)
            #expect(try await toReplay(0, 1_000, 0, 10) == Array(ids[0...3]))
            // Paged after the last id.
            #expect(try await toReplay(0, 1_000, 0, 2) == [ids[0], ids[1]])
            #expect(try await toReplay(0, 1_000, ids[1], 2) == [ids[2], ids[3]])
            #expect(try await toReplay(0, 1_000, ids[3], 2).isEmpty)
            #expect(try await toReplay(0, 1_000, 0, 0).isEmpty)
        }
    }

    static let anonymous = "$anonymous:11111111111111111111111111111111"
    static let pseudonym = "$erased:22222222222222222222222222222222"

    /// Alice (once anonymous, merged) and frank, to whom one of her subscriptions moved.
    static func customers(_ ledger: SQLLedger) async throws {
        try await ledger.write { write in
            for user in [Self.anonymous, "alice", "frank"] {
                _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(1))
            }
            _ = try await write.findOrCreateCustomer(appID: "other", appUserID: "alice", createdAt: Fixtures.instant(1))
        }
    }

    static func merge(_ ledger: SQLLedger) async throws {
        _ = try await ledger.write { try await $0.mergeCustomer(appID: "app", alias: Self.anonymous, into: "alice", at: Fixtures.instant(2)) }
    }

    static func erase(_ ledger: SQLLedger) async throws {
        try await ledger.write { try await $0.eraseCustomer(appID: "app", appUserID: "alice", pseudonym: Self.pseudonym) }
    }

    @Test(arguments: TestDatabase.available)
    func erasureRenamesTheCustomerInTheirDeliveriesAndInOthersMessages(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await Self.customers(ledger)
            try await Self.merge(ledger)
            let bodies = [
                #"{"aliases":["\#(Self.anonymous)"],"app_user_id":"alice","id":"evt_1"}"#,
                // A transfer: frank's message names alice.
                #"{"app_user_id":"frank","details":{"from_app_user_id":"alice","to_app_user_id":"frank"},"id":"evt_2"}"#,
                // Only a longer text containing the id: not the customer.
                #"{"app_user_id":"frank","id":"evt_3","product_id":"alice.bundle","note":"malice"}"#,
            ]
            let ids = try await Self.record(ledger, [
                Self.delivery(1, body: bodies[0]), Self.delivery(2, user: "frank", body: bodies[1]),
                Self.delivery(3, user: "frank", body: bodies[2]),
                Self.delivery(4, app: "other", body: #"{"app_user_id":"alice","id":"evt_4"}"#),
            ])
            try await Self.erase(ledger)

            let hers = try #require(try await Self.read(ledger, ids[0]))
            #expect(hers.delivery.appUserID == Self.pseudonym)
            #expect(hers.delivery.body == #"{"aliases":["\#(Self.pseudonym)"],"app_user_id":"\#(Self.pseudonym)","id":"evt_1"}"#)
            let transfer = try #require(try await Self.read(ledger, ids[1]))
            #expect(transfer.delivery.appUserID == "frank")
            #expect(transfer.delivery.body
                == #"{"app_user_id":"frank","details":{"from_app_user_id":"\#(Self.pseudonym)","to_app_user_id":"frank"},"id":"evt_2"}"#)
            #expect(try await Self.read(ledger, ids[2])?.delivery == Self.delivery(3, user: "frank", body: bodies[2]))
            // Another app's alice is someone else.
            #expect(try await Self.read(ledger, ids[3], app: "other")?.delivery
                == Self.delivery(4, app: "other", body: #"{"app_user_id":"alice","id":"evt_4"}"#))
            // The rest of a delivery stays as it was.
            #expect(hers.delivery.eventSequence == 1)
            #expect(hers.delivery.messageID == "evt_1")
            #expect(hers.state == .pending)
        }
    }

    /// A delivery recorded while the customer was still anonymous names the anonymous id, which merged into
    /// hers: erasing her renames it too (the id is gone from every message body already).
    @Test(arguments: TestDatabase.available)
    func erasureRenamesDeliveriesRecordedUnderAMergedAlias(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await Self.customers(ledger)
            let ids = try await Self.record(ledger, [Self.delivery(1, user: Self.anonymous)])
            try await Self.merge(ledger)
            try await Self.erase(ledger)

            let delivery = try #require(try await Self.read(ledger, ids[0]))
            #expect(delivery.delivery.body == #"{"app_user_id":"\#(Self.pseudonym)","id":"evt_1"}"#)
            #expect(delivery.delivery.appUserID == Self.pseudonym)
        }
    }
}
