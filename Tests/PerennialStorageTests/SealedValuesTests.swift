import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// The sealed values' store: pages in key order (integer keys and composite text keys), and a replacement
/// only where the row still holds what was read.
@Suite("Sealed values")
struct SealedValuesTests {
    @Test(arguments: TestDatabase.available)
    func pagesFollowTheKeyAndAReplacementComparesFirst(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let queue = SQLJobQueue(database: connection, clock: FixedClock(Instant(milliseconds: 1)))
            for index in 0..<5 {
                try await queue.enqueue(NewJob(kind: "k", payload: Data([UInt8(index)]), runAt: Instant(milliseconds: 0)))
            }
            let inbox = SQLNotificationInbox(database: connection)
            for id in ["b", "a", "c"] {
                _ = try await inbox.receive(InboundNotification(
                    appID: "forest", notificationID: id, store: .appStore, version: 2, receivedAt: Instant(milliseconds: 1),
                    sealedBody: Data(id.utf8), bodyBytes: 1))
            }
            let values = SQLSealedValues(database: connection)
            #expect(values.columns.last == "master_key_canary.sealed")

            var payloads: [Data] = []
            var after: SealedRowKey?
            while true {
                let page = try await values.page(column: "jobs.payload", after: after, limit: 2)
                guard let last = page.last else { break }
                #expect(page.count <= 2)
                payloads += page.map(\.sealed)
                after = last.key
            }
            #expect(payloads == [Data([0]), Data([1]), Data([2]), Data([3]), Data([4])])

            let bodies = try await values.page(column: "store_notifications.sealed_body", after: nil, limit: 10)
            #expect(bodies.map(\.key) == ["a", "b", "c"].map { SealedRowKey([.text("forest"), .text($0)]) })
            let second = try #require(try await values.page(column: "store_notifications.sealed_body", after: bodies[0].key, limit: 1).first)
            #expect(second.sealed == Data("b".utf8))

            // Replaced only where the row still holds what was read.
            let stale = SealedReplacement(key: second.key, old: Data("x".utf8), new: Data("y".utf8))
            #expect(try await values.replace(column: "store_notifications.sealed_body", [stale]) == 0)
            let fresh = SealedReplacement(key: second.key, old: second.sealed, new: Data("B".utf8))
            #expect(try await values.replace(column: "store_notifications.sealed_body", [fresh]) == 1)
            let reread = try await values.page(column: "store_notifications.sealed_body", after: nil, limit: 10)
            #expect(reread.map(\.sealed) == ["a", "B", "c"].map { Data($0.utf8) })
        }
    }
}
