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
            try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [renewal, purchase], recordedAt: Fixtures.instant(1))
            }
            try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [purchase, trial, renewal], recordedAt: Fixtures.instant(2))
            }
            try await ledger.write {
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
    func eventsOfASubscriptionAndTheirDeletion(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let purchase = Fixtures.event(.initialPurchase, original: "1000", occurredAt: 100)
            let renewal = Fixtures.event(.renewal, original: "1000", occurredAt: 200)
            let other = Fixtures.event(.initialPurchase, original: "2000", occurredAt: 150)
            try await ledger.write { write in
                try await write.appendEvents(appID: "app", appUserID: "u1", [renewal, other], recordedAt: Fixtures.instant(1))
                // The subscription moved to another customer: its events are still listed together.
                try await write.appendEvents(appID: "app", appUserID: "u2", [purchase], recordedAt: Fixtures.instant(2))
            }
            let listed = try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(listed.map(\.event) == [purchase, renewal])
            #expect(listed.map(\.appUserID) == ["u2", "u1"])

            try await ledger.write { write in
                try await write.deleteEvents(
                    appID: "app", subscription: Fixtures.key("1000"),
                    fingerprints: [renewal.fingerprint, other.fingerprint, "unknown"])
                try await write.deleteEvents(appID: "app", subscription: Fixtures.key("1000"), fingerprints: [])
            }
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }.map(\.event) == [purchase])
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("2000")) }.map(\.event) == [other])

            // A deleted event can be appended again.
            try await ledger.write {
                try await $0.appendEvents(appID: "app", appUserID: "u1", [renewal], recordedAt: Fixtures.instant(3))
            }
            #expect(try await ledger.read { try await $0.events(appID: "app", subscription: Fixtures.key("1000")) }.count == 2)
        }
    }
}
