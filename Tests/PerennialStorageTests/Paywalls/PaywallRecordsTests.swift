import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

/// Paywall revisions, exposures and events on SQLite and PostgreSQL: a revision number is taken once,
/// lists page newest first, events are recorded once per id, an exposure's customer follows a merge, and an
/// experiment's outcomes take each customer's first exposure.
@Suite("Ledger: paywalls")
struct PaywallRecordsTests {
    static func revision(_ number: Int, _ document: String = "{}") -> PaywallRevisionRecord {
        PaywallRevisionRecord(appID: "app", revision: number, document: document, note: "r\(number)", createdAt: Fixtures.instant(Int64(number)))
    }

    static func exposure(_ user: String, variant: String?, at seconds: Int64) -> PaywallExposureRecord {
        PaywallExposureRecord(
            appID: "app", appUserID: user, placement: "onboarding", paywallID: "plain", revision: 1,
            experiment: variant.map { ExperimentAssignment(experimentID: "exp", variantID: $0) }, context: #"{"placement":"onboarding"}"#,
            servedAt: Fixtures.instant(seconds))
    }

    @Test(arguments: TestDatabase.available)
    func revisionsAreTakenOnceAndListedNewestFirst(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            #expect(try await ledger.read { try await $0.latestPaywallRevisionNumber(appID: "app") } == nil)
            for number in 1...3 {
                #expect(try await ledger.write { try await $0.insertPaywallRevision(Self.revision(number, #"{"n":\#(number)}"#)) })
            }
            #expect(try await ledger.write { try await $0.insertPaywallRevision(Self.revision(2, "{}")) } == false, "2 is taken")
            #expect(try await ledger.read { try await $0.latestPaywallRevisionNumber(appID: "app") } == 3)
            #expect(try await ledger.read { try await $0.paywallRevision(appID: "app", revision: 2) }?.document == #"{"n":2}"#)
            #expect(try await ledger.read { try await $0.paywallRevision(appID: "other", revision: 2) } == nil)
            let page = try await ledger.read { try await $0.paywallRevisions(appID: "app", before: 3, limit: 5) }
            #expect(page.map(\.revision) == [2, 1] && page.allSatisfy { $0.document.isEmpty } && page[0].note == "r2")
        }
    }

    @Test(arguments: TestDatabase.available)
    func eventsOnceAndOutcomesFromTheFirstExposure(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            try await ledger.write { session in
                try await session.recordPaywallExposures([
                    Self.exposure("ann", variant: "b", at: 10), Self.exposure("ann", variant: "a", at: 20),
                    Self.exposure("bob", variant: nil, at: 30), Self.exposure("cid", variant: "a", at: 40),
                ])
                try await session.recordPaywallExposures([Self.exposure("dee", variant: nil, at: 50)])
            }
            let event = PaywallEventRecord(
                appID: "app", eventID: "e1", appUserID: "ann", kind: .shown, placement: "onboarding", paywallID: "plain", packageID: nil,
                revision: 1, experiment: ExperimentAssignment(experimentID: "exp", variantID: "b"), occurredAt: Fixtures.instant(11),
                receivedAt: Fixtures.instant(12))
            #expect(try await ledger.write { try await $0.recordPaywallEvent(event) })
            #expect(try await ledger.write { try await $0.recordPaywallEvent(event) } == false)
            let outcomes = try await ledger.read { try await $0.experimentOutcomes(appID: "app", experimentID: "exp") }
            #expect(outcomes.map(\.appUserID) == ["ann", "cid"], "bob and dee were served outside the experiment")
            #expect(outcomes[0].variantID == "b" && outcomes[0].exposedAt == Fixtures.instant(10), "the first exposure decides")
            #expect(outcomes[0].paywallEvents == ["shown": 1] && outcomes[1].paywallEvents.isEmpty)
            let funnel = try await ledger.read { try await $0.funnelOutcomes(appID: "app", placement: nil, from: Fixtures.instant(15), until: Fixtures.instant(45)) }
            #expect(funnel.map(\.appUserID) == ["ann", "bob", "cid"] && funnel[0].exposedAt == Fixtures.instant(20), "first exposure in the range")
            #expect(try await ledger.read { try await $0.funnelOutcomes(appID: "app", placement: "settings", from: Fixtures.instant(0), until: Fixtures.instant(99)) }.isEmpty)
            let annsExposures = try await ledger.read { try await $0.paywallExposures(appID: "app", appUserID: "ann", limit: 10) }
            #expect(annsExposures.map(\.servedAt) == [Fixtures.instant(20), Fixtures.instant(10)])

            // Merged into another customer, the exposures and events follow.
            _ = try await ledger.write { try await $0.mergeCustomer(appID: "app", alias: "ann", into: "zed", at: Fixtures.instant(60)) }
            #expect(try await ledger.read { try await $0.paywallExposures(appID: "app", appUserID: "zed", limit: 10) }.count == 2)
            #expect(try await ledger.read { try await $0.experimentOutcomes(appID: "app", experimentID: "exp") }.map(\.appUserID) == ["cid", "zed"])
        }
    }
}
