import PerennialCore
import PerennialServices
import PerennialStorage
import Testing

@Suite("Ledger: facts")
struct FactTests {
    @Test(arguments: TestDatabase.available)
    func savedTransactionsMergeWhateverTheOrder(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let plain = Fixtures.transaction("t1", expiresAt: 2_000)
            let refunded = Fixtures.transaction("t1", expiresAt: 1_900, cancelledAt: 1_500)
            let expected = plain.merged(with: refunded)

            // Plain first, then the refund, then the plain copy again: the cancellation stays.
            for (appID, order) in [("a", [plain, refunded, plain]), ("b", [refunded, plain])] {
                for fact in order {
                    try await ledger.write {
                        try await $0.saveTransactions(appID: appID, [fact], recordedAt: Fixtures.instant(5))
                    }
                }
                let stored = try await ledger.read {
                    try await $0.transactions(appID: appID, subscription: Fixtures.key("1000"))
                }
                #expect(stored == [expected])
                #expect(stored.first?.cancelledAt == Fixtures.instant(1_500))
                #expect(stored.first?.expiresAt == Fixtures.instant(2_000))
            }
        }
    }

    /// One call saves a batch in a few statements: copies of one transaction in it merge in the order given,
    /// new rows are inserted and stored ones merged, byte-distinct ids that Swift deems equal stay two rows.
    @Test(arguments: TestDatabase.available)
    func aBatchMergesCopiesAndStoredRowsAlike(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let plain = Fixtures.transaction("t1", expiresAt: 2_000)
            let refunded = Fixtures.transaction("t1", expiresAt: 1_900, cancelledAt: 1_500)
            let composed = Fixtures.transaction("caf\u{E9}", purchasedAt: 3_000, expiresAt: 4_000)
            let decomposed = Fixtures.transaction("cafe\u{301}", purchasedAt: 5_000, expiresAt: 6_000)
            try await ledger.write {
                try await $0.saveTransactions(appID: "a", [plain, refunded, plain, composed], recordedAt: Fixtures.instant(5))
            }
            try await ledger.write { try await $0.saveTransactions(appID: "b", [plain], recordedAt: Fixtures.instant(5)) }
            try await ledger.write {
                try await $0.saveTransactions(appID: "b", [composed, refunded, decomposed], recordedAt: Fixtures.instant(6))
            }
            for appID in ["a", "b"] {
                let stored = try await ledger.read { try await $0.transactions(appID: appID, subscription: Fixtures.key("1000")) }
                let byID = Dictionary(stored.map { (ExactString($0.transactionID), $0) }, uniquingKeysWith: { first, _ in first })
                #expect(byID[ExactString("t1")] == plain.merged(with: refunded), "\(appID)")
                #expect(byID[ExactString(composed.transactionID)] == composed, "\(appID)")
                #expect(stored.count == (appID == "a" ? 2 : 3), "\(appID)")
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func transactionsAreListedBySubscription(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let facts = [
                Fixtures.transaction("t1", original: "1000"),
                Fixtures.transaction("t2", original: "1000", purchasedAt: 2_000, expiresAt: 3_000),
                Fixtures.transaction("t3", original: "2000"),
                Fixtures.transaction("t1", original: "1000", store: .playStore),
            ]
            try await ledger.write {
                // The same batch twice in one transaction is harmless too.
                try await $0.saveTransactions(appID: "app", facts + facts, recordedAt: Fixtures.instant(5))
            }
            let stored = try await ledger.read {
                try await $0.transactions(appID: "app", subscription: Fixtures.key("1000"))
            }
            #expect(Set(stored.map(\.transactionID)) == ["t1", "t2"])
            #expect(stored.allSatisfy { $0.store == .appStore })
            let other = try await ledger.read {
                try await $0.transactions(appID: "other", subscription: Fixtures.key("1000"))
            }
            #expect(other.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.available)
    func renewalInfosAreDeduplicatedByObservation(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            let first = Fixtures.renewalInfo(observedAt: 100, willAutoRenew: true)
            try await ledger.write { try await $0.saveRenewalInfos(appID: "app", [first, first], recordedAt: Fixtures.instant(1)) }
            try await ledger.write { try await $0.saveRenewalInfos(appID: "app", [first], recordedAt: Fixtures.instant(2)) }
            var stored = try await ledger.read { try await $0.renewalInfos(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(stored == [first])

            let later = Fixtures.renewalInfo(observedAt: 200, willAutoRenew: false)
            try await ledger.write { try await $0.saveRenewalInfos(appID: "app", [later], recordedAt: Fixtures.instant(3)) }
            stored = try await ledger.read { try await $0.renewalInfos(appID: "app", subscription: Fixtures.key("1000")) }
            #expect(stored.sorted { $0.observedAt < $1.observedAt } == [first, later])
        }
    }

    @Test(arguments: TestDatabase.available)
    func renewalInfosOfOneInstantKeepTheEnginesChoiceWhateverTheOrder(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let ledger = SQLLedger(database: connection)
            var offer = Fixtures.renewalInfo(observedAt: 100, willAutoRenew: true)
            offer.promotionalOfferID = "retain50"
            let snapshots = [
                Fixtures.renewalInfo(observedAt: 100, willAutoRenew: true),
                Fixtures.renewalInfo(observedAt: 100, willAutoRenew: false), offer,
            ]
            let chosen = try #require(RenewalInfoFact.latest(of: snapshots))
            let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
            for (number, order) in orders.enumerated() {
                let appID = "app\(number)"
                for index in order {
                    try await ledger.write {
                        try await $0.saveRenewalInfos(appID: appID, [snapshots[index]], recordedAt: Fixtures.instant(1))
                    }
                }
                let stored = try await ledger.read { try await $0.renewalInfos(appID: appID, subscription: Fixtures.key("1000")) }
                #expect(stored == [chosen], "order \(order)")
                #expect(RenewalInfoFact.latest(of: order.map { snapshots[$0] }) == chosen)
                // All three in one batch, with a transaction (one statement on PostgreSQL), and again one by one.
                let batched = "batch\(number)"
                try await ledger.write {
                    try await $0.saveFacts(
                        appID: batched, transactions: [Fixtures.transaction("t1")], renewalInfos: order.map { snapshots[$0] },
                        recordedAt: Fixtures.instant(1))
                }
                for index in order {
                    try await ledger.write { try await $0.saveRenewalInfos(appID: batched, [snapshots[index]], recordedAt: Fixtures.instant(2)) }
                }
                #expect(try await ledger.read { try await $0.renewalInfos(appID: batched, subscription: Fixtures.key("1000")) } == [chosen])
                #expect(try await ledger.read { try await $0.transactions(appID: batched, subscription: Fixtures.key("1000")) }.count == 1)
            }
        }
    }
}
