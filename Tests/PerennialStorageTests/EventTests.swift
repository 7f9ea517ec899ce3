import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Ledger: events")
struct EventTests {
    @Test(arguments: TestDatabase.available)
    func eventsAreDeduplicatedAndOrdered(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let renewal = Fixtures.event(.renewal, occurredAt: 200)
            let purchase = Fixtures.event(.initialPurchase, occurredAt: 100)
            let trial = Fixtures.event(.trialStarted, occurredAt: 100, details: ["offer": "intro"])
            _ = try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [renewal, purchase], recordedAt: Fixtures.instant(1))
            }
            _ = try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [purchase, trial, renewal], recordedAt: Fixtures.instant(2))
            }
            _ = try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u2", [Fixtures.event(.renewal, original: "9", occurredAt: 50)],
                                          recordedAt: Fixtures.instant(3))
            }

            let stored = try await ledger.read { try await $0.events(appID: "app", appUserID: "u1", limit: 10) }
            #expect(stored.map(\.event) == [purchase, trial, renewal])
            #expect(stored.map(\.recordedAt) == [Fixtures.instant(1), Fixtures.instant(2), Fixtures.instant(1)])
            #expect(stored.allSatisfy { $0.appUserID == "u1" })
            let sequences = stored.map(\.sequence)
            #expect(sequences[0] < sequences[1])   // purchase was recorded before trial
            #expect(sequences[2] < sequences[0])   // renewal was recorded first

            let firstTwo = try await ledger.read { try await $0.events(appID: "app", appUserID: "u1", limit: 2) }
            #expect(firstTwo.map(\.event) == [purchase, trial])
            #expect(try await ledger.read { try await $0.events(appID: "app", appUserID: "u2", limit: 10) }.count == 1)
        }
    }

    @Test(arguments: TestDatabase.available)
    func eventsOfASubscriptionAndTheirRetraction(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let purchase = Fixtures.event(.initialPurchase, original: "1000", occurredAt: 100)
            let renewal = Fixtures.event(.renewal, original: "1000", occurredAt: 200)
            let other = Fixtures.event(.initialPurchase, original: "2000", occurredAt: 150)
            let recorded = try await ledger.write { write in
                for user in ["u1", "u2"] {
                    _ = try await write.findOrCreateCustomer(appID: "app", appUserID: user, createdAt: Fixtures.instant(1))
                }
                let first = try await write.appendEvents(appID: "app", appUserID: "u1", [renewal, other], recordedAt: Fixtures.instant(1))
                // The subscription moved to another customer: its events are still listed together.
                let second = try await write.appendEvents(appID: "app", appUserID: "u2", [purchase], recordedAt: Fixtures.instant(2))
                return first + second
            }
            #expect(recorded.map(\.event) == [renewal, other, purchase])
            #expect(recorded.map(\.customerSequence) == [1, 2, 1])
            let listed = try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(listed.map(\.event) == [purchase, renewal])
            #expect(listed.map(\.appUserID) == ["u2", "u1"])
            let renewalSequence = try #require(recorded.first).sequence

            let (retracted, none) = try await ledger.write { write in
                let retracted = try await write.retractEvents(
                    appID: "app", subscription: Fixtures.key("1000"),
                    fingerprints: [renewal.fingerprint, other.fingerprint, "unknown"], at: Fixtures.instant(10))
                let none = try await write.retractEvents(appID: "app", subscription: Fixtures.key("1000"), fingerprints: [], at: Fixtures.instant(10))
                return (retracted, none)
            }
            // Only the subscription's own event, returned as it was (standing); another subscription's is untouched.
            #expect(retracted.map(\.event) == [renewal])
            #expect(retracted.map(\.sequence) == [renewalSequence])
            #expect(retracted.map(\.retractedAt) == [nil])
            #expect(retracted.map(\.customerSequence) == [1])
            #expect(none.isEmpty)
            // Retracting it again finds no standing event.
            #expect(try await ledger.write {
                try await $0.retractEvents(appID: "app", subscription: Fixtures.key("1000"), fingerprints: [renewal.fingerprint], at: Fixtures.instant(11))
            }.isEmpty)

            // Gone from the standing lists …
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }.map(\.event) == [purchase])
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("2000")) }.map(\.event) == [other])
            #expect(try await ledger.read { try await $0.events(appID: "app", appUserID: "u1", limit: 10) }.map(\.event) == [other])
            // … but still in the feed, marked.
            let feed = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(feed.map(\.event) == [renewal, other, purchase])
            #expect(feed.map(\.retractedAt) == [Fixtures.instant(10), nil, nil])
            #expect(feed.map(\.sequence) == recorded.map(\.sequence))

            // The same event, derived again, stands again: a new sequence, the customer's next number.
            let again = try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [renewal], recordedAt: Fixtures.instant(3))
            }
            #expect(again.map(\.event) == [renewal])
            let standing = try #require(again.first)
            #expect(standing.sequence > renewalSequence)
            #expect(standing.customerSequence == 3)
            #expect(standing.retractedAt == nil)
            let bySubscription = try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(bySubscription.map(\.event) == [purchase, renewal])
            #expect(bySubscription.map(\.sequence).last == standing.sequence)
            #expect(try await ledger.read { try await $0.events(appID: "app", appUserID: "u1", limit: 10) }.map(\.sequence)
                == [recorded[1].sequence, standing.sequence])
            let longerFeed = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(longerFeed.map(\.sequence) == recorded.map(\.sequence) + [standing.sequence])
            #expect(longerFeed.map(\.retractedAt) == [Fixtures.instant(10), nil, nil, nil])
            // Standing now, so appending it once more stores nothing.
            #expect(try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [renewal], recordedAt: Fixtures.instant(4))
            }.isEmpty)

            // Retracted a second time, and the retraction recorded: both copies stay in the feed; the retraction is
            // in the feed only, never among the standing events.
            let retraction = Fixtures.event(
                .eventRetracted, original: "1000", occurredAt: 300,
                details: ["retracted_event_id": standing.publicID, "retracted_kind": "renewal"])
            let secondRetraction = try await ledger.write { write in
                let retracted = try await write.retractEvents(
                    appID: "app", subscription: Fixtures.key("1000"), fingerprints: [renewal.fingerprint], at: Fixtures.instant(20))
                try await write.appendEvents(appID: "app", appUserID: "u1", [retraction], recordedAt: Fixtures.instant(20))
                return retracted
            }
            #expect(secondRetraction.map(\.sequence) == [standing.sequence])
            #expect(try await ledger.read { try await $0.events(appID: "app", appUserID: "u1", limit: 10) }.map(\.event) == [other])
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }.map(\.event)
                == [purchase])
            let finalFeed = try await ledger.read { try await $0.eventFeed(appID: "app", after: 0, limit: 10) }
            #expect(finalFeed.map(\.event) == [renewal, other, purchase, renewal, retraction])
            #expect(finalFeed.map(\.retractedAt) == [Fixtures.instant(10), nil, nil, Fixtures.instant(20), nil])
        }
    }
}
