import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Notification inbox")
struct NotificationInboxTests {
    func notification(_ id: String, at milliseconds: Int64 = 10) -> InboundNotification {
        InboundNotification(
            appID: "app", notificationID: id, store: .appStore, version: 2, receivedAt: Instant(milliseconds: milliseconds),
            sealedBody: Data([1, 2, 3])
        )
    }

    /// Settles a notification as the write that ingests it does.
    func settle(_ connection: PerennialDatabase, _ id: String, _ outcome: InboundNotification.Outcome) async throws {
        try await SQLLedger(database: connection).write {
            try await $0.settleNotification(appID: "app", notificationID: id, outcome: outcome)
        }
    }

    func hasProcessed(_ connection: PerennialDatabase, appID: String, notificationUUID: String) async throws -> Bool {
        try await SQLLedger(database: connection).read {
            try await $0.hasProcessedNotification(appID: appID, notificationUUID: notificationUUID)
        }
    }

    @Test(arguments: TestDatabase.available)
    func aRepeatIsStoredOnceAndReturnsTheFirst(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let inbox = SQLNotificationInbox(database: connection)
            let first = try await inbox.receive(notification("uuid-1"))
            #expect(first.isNew)
            try await settle(connection, "uuid-1", .init(
                status: .processed, notificationUUID: "apple-uuid", notificationType: "DID_RENEW", settledAt: Instant(milliseconds: 11)
            ))
            #expect(try await hasProcessed(connection, appID: "app", notificationUUID: "apple-uuid"))
            #expect(try await !hasProcessed(connection, appID: "app", notificationUUID: "other"))
            #expect(try await !hasProcessed(connection, appID: "other-app", notificationUUID: "apple-uuid"))
            let repeated = try await inbox.receive(notification("uuid-1", at: 20))
            #expect(!repeated.isNew)
            #expect(repeated.record.status == .processed)
            #expect(repeated.record.receivedAt == Instant(milliseconds: 10))
            #expect(repeated.record.outcome?.notificationType == "DID_RENEW")
            #expect(repeated.record.sealedBody == Data([1, 2, 3]))
        }
    }

    /// A notification stored and checked against the store ids processed before in one call (one statement on
    /// PostgreSQL), and settled in the same write (with the write's last statement there).
    @Test(arguments: TestDatabase.available)
    func receivingChecksTheStoreIDsProcessedBefore(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let receive = { (id: String, uuid: String?) in
                try await ledger.write { session in
                    let received = try await session.receiveNotification(self.notification(id), checkingProcessed: uuid)
                    if received.isNew {
                        try await session.settleNotification(appID: "app", notificationID: id, outcome: .init(
                            status: .processed, notificationUUID: uuid, settledAt: Instant(milliseconds: 11)))
                    }
                    return received
                }
            }
            let first = try await receive("delivery-1", "apple-uuid")
            #expect(first.isNew && !first.processedBefore)
            // The same event under another delivery id: new, and a repeat of one processed.
            let again = try await receive("delivery-2", "apple-uuid")
            #expect(again.isNew && again.processedBefore)
            // The same delivery again: the stored one, settled by the first write.
            let same = try await receive("delivery-1", "apple-uuid")
            #expect(!same.isNew && same.processedBefore)
            #expect(same.record.status == .processed)
            #expect(same.record.outcome?.notificationUUID == "apple-uuid")
            let other = try await receive("delivery-3", "other-uuid")
            #expect(other.isNew && !other.processedBefore)
            let unchecked = try await receive("delivery-4", nil)
            #expect(unchecked.isNew && !unchecked.processedBefore)
            // A write that settles one and then asks sees its own settlement (deferred on PostgreSQL, sent first).
            let seen = try await ledger.write { session in
                _ = try await session.receiveNotification(self.notification("delivery-5"), checkingProcessed: "own-uuid")
                try await session.settleNotification(appID: "app", notificationID: "delivery-5", outcome: .init(
                    status: .processed, notificationUUID: "own-uuid", settledAt: Instant(milliseconds: 12)))
                return try await session.hasProcessedNotification(appID: "app", notificationUUID: "own-uuid")
            }
            #expect(seen)
        }
    }

    @Test(arguments: TestDatabase.available)
    func concurrentRepeatsStoreOneNotification(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let inbox = SQLNotificationInbox(database: connection)
            let results = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { try await inbox.receive(notification("uuid-2")).isNew } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(results.filter { $0 }.count == 1)
            #expect(try await inbox.notifications(appID: "app", limit: 10).count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func rejectedNotificationsAreKeptNewestFirst(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let inbox = SQLNotificationInbox(database: connection)
            _ = try await inbox.receive(notification("a", at: 1))
            _ = try await inbox.receive(notification("b", at: 2))
            try await settle(connection, "a", .init(
                status: .rejected, errorCode: "verification_failure", settledAt: Instant(milliseconds: 3)
            ))
            let listed = try await inbox.notifications(appID: "app", limit: 10)
            #expect(listed.map(\.notificationID) == ["b", "a"])
            #expect(listed[1].status == .rejected)
            #expect(listed[1].outcome?.errorCode == "verification_failure")
        }
    }

    /// Pages by cursor walk every notification once, newest first, those received at the same instant by id.
    @Test(arguments: TestDatabase.available)
    func pagesByCursorWalkEveryNotificationOnce(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let inbox = SQLNotificationInbox(database: connection)
            for (id, at) in [("e", 5), ("c", 3), ("d", 3), ("b", 3), ("a", 1)] { _ = try await inbox.receive(notification(id, at: Int64(at))) }
            var walked: [String] = []
            var cursor: PageCursor?
            while true {
                let page = try await inbox.notifications(appID: "app", after: cursor, limit: 2)
                walked += page.map(\.notificationID)
                guard page.count == 2, let last = page.last else { break }
                cursor = PageCursor(instant: last.receivedAt, id: last.notificationID)
            }
            #expect(walked == ["e", "b", "c", "d", "a"])
            #expect(try PageCursor(text: cursor?.text) == cursor)
            for text in ["", "12", "x_a", "-1_a", String(repeating: "9", count: 400) + "_a"] {
                #expect(throws: PerennialError.self) { try PageCursor(text: text) }
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func rejectedNotificationsAreBoundedByCountBytesAndAge(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let inbox = SQLNotificationInbox(database: connection)
            let retention = RejectedNotificationRetention(maxCount: 3, maxBytes: 250, maxAge: .seconds(100))
            _ = try await inbox.receive(notification("accepted", at: 0))
            try await settle(connection, "accepted", .init(status: .processed, settledAt: Instant(milliseconds: 1)))
            for index in 1...5 {
                let id = "junk-\(index)"
                _ = try await inbox.receive(notification(id, at: Int64(index) * 1_000))
                try await inbox.reject(
                    appID: "app", notificationID: id,
                    outcome: .init(status: .rejected, errorCode: "verification_failure", settledAt: Instant(milliseconds: Int64(index) * 1_000)),
                    sealedExcerpt: Data(repeating: 7, count: 60), bodyBytes: 500_000, retention: retention)
            }
            var listed = try await inbox.notifications(appID: "app", limit: 10)
            #expect(listed.map(\.notificationID) == ["junk-5", "junk-4", "junk-3", "accepted"], "three newest rejected kept")
            #expect(listed.first?.sealedBody.count == 60)
            #expect(listed.first?.bodyBytes == 500_000)
            #expect(listed.first?.outcome?.errorCode == "verification_failure")

            try await inbox.reject(
                appID: "app", notificationID: "junk-5",
                outcome: .init(status: .rejected, errorCode: "verification_failure", settledAt: Instant(milliseconds: 5_000)),
                sealedExcerpt: Data(repeating: 7, count: 200), bodyBytes: 500_000, retention: retention)
            listed = try await inbox.notifications(appID: "app", limit: 10)
            #expect(listed.map(\.notificationID) == ["junk-5", "accepted"], "past 250 bytes the oldest go")

            try await inbox.pruneRejected(appID: "app", retention: retention, now: Instant(milliseconds: 200_000))
            listed = try await inbox.notifications(appID: "app", limit: 10)
            #expect(listed.map(\.notificationID) == ["accepted"], "older than 100 s: gone; accepted ones stay")
        }
    }
}
