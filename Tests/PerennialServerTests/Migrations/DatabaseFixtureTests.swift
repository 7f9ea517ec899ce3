import Foundation
import PerennialAppStoreAdapter
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// A database written by an earlier Perennial (Tests/Fixtures/databases: schema version 11, customers who
/// bought, renewed, were refunded, transferred and hit billing trouble through the real flows) is migrated by
/// today's code and answers exactly the customers it answered then. Storage changes must carry it forward.
@Suite struct DatabaseFixtureTests {
    static let folder = Fixtures.url("databases")
    static let database = folder.appendingPathComponent("v11.sqlite")
    static let snapshot = folder.appendingPathComponent("v11-customers.json")
    /// The fixture's master key: a test value, never a real one.
    static let masterKey = Data(repeating: 0x5A, count: 32)
    static let customers = ["alice", "bob", "carol", "dave", "$anonymous:1", "erin", "frank"]

    /// Each customer's admin view (without what version 11 did not show) and events, without the read's own
    /// time, as sorted JSON text.
    static func answers(_ harness: TestHarness) async throws -> [String: String] {
        var answers: [String: String] = [:]
        for customer in customers {
            var view = try await harness.send(.get, "/v1/admin/customers/\(customer)", key: TestHarness.secretKey).body.value as? [String: Any] ?? [:]
            view.removeValue(forKey: "request_date")
            // Shown since version 17; a database written before has no aliases and no attributes.
            #expect((view.removeValue(forKey: "aliases") as? [Any])?.isEmpty == true, "\(customer)")
            #expect((view.removeValue(forKey: "attributes") as? [String: Any])?.isEmpty == true, "\(customer)")
            // Shown since version 17 too: where each subscription is managed, the App Store's page for these.
            view["subscriptions"] = (view["subscriptions"] as? [[String: Any]])?.map { subscription in
                var subscription = subscription
                let url = subscription.removeValue(forKey: "management_url") as? String
                let renewable = subscription["product_type"] as? String == "auto_renewable"
                #expect(url == (renewable ? "https://apps.apple.com/account/subscriptions" : nil), "\(customer)")
                return subscription
            }
            let events = try await harness.send(.get, "/v1/admin/customers/\(customer)/events", key: TestHarness.secretKey).body.value ?? NSNull()
            let data = try JSONSerialization.data(withJSONObject: ["customer": view, "events": events], options: [.sortedKeys])
            answers[customer] = String(decoding: data, as: UTF8.self)
        }
        return answers
    }

    @Test func aDatabaseWrittenByAnEarlierVersionMigratesAndAnswersTheSameCustomers() async throws {
        let expected = try JSONSerialization.jsonObject(with: try Fixtures.data("databases/v11-customers.json")) as? [String: Any]
        let answersThen = try #require(expected?["answers"] as? [String: String])
        let readAt = try #require(expected?["read_at_ms"] as? Int64)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let copy = work.appendingPathComponent("perennial.sqlite")
        try FileManager.default.copyItem(at: Self.database, to: copy)
        try await TestHarness.run(databaseURL: "sqlite://" + copy.path, masterKey: Self.masterKey) { harness in
            await harness.advance(days: Double(readAt - TestHarness.start.milliseconds) / 86_400_000)
            let answersNow = try await Self.answers(harness)
            for customer in Self.customers {
                #expect(answersNow[customer] == answersThen[customer], "\(customer)")
            }
            // The receipts kept on the customer rows of version 11 are the App Store's tokens now (version 12).
            let ledger = SQLLedger(database: harness.stack.database)
            let secrets = try SecretBox(masterKey: Self.masterKey)
            for customer in ["alice", "bob", "carol", "dave", "erin", "frank"] {
                let token = try await ledger.read {
                    try await $0.storeToken(appID: "forest", appUserID: customer, store: .appStore, kind: .receipt)
                }
                let receipt = try secrets.openString(try #require(token, "\(customer)'s receipt").sealed)
                #expect(Data(base64Encoded: receipt) != nil, "\(customer)'s receipt opens with the key")
            }
        }
    }

    /// Writes the fixture (run with PERENNIAL_WRITE_DATABASE_FIXTURE=1 on the version whose database it
    /// keeps, then commit Tests/Fixtures/databases).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PERENNIAL_WRITE_DATABASE_FIXTURE"] == "1"))
    func writeTheFixture() async throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: Self.database.path + suffix) }
        try await TestHarness.run(databaseURL: "sqlite://" + Self.database.path, masterKey: Self.masterKey) { harness in
            let simulator = harness.simulator
            let bundle = TestHarness.bundleID
            _ = try await simulator.purchase(account: "alice", bundleID: bundle, productID: "pro.monthly", offer: .trial)
            _ = try await harness.postReceipt(try await harness.receipt(account: "alice"), appUserID: "alice")
            _ = try await simulator.purchase(account: "bob", bundleID: bundle, productID: "pro.yearly")
            _ = try await harness.postReceipt(try await harness.receipt(account: "bob"), appUserID: "bob")
            let carol = try await simulator.purchase(account: "carol", bundleID: bundle, productID: "pro.monthly")
            _ = try await simulator.refund(originalTransactionID: carol.originalTransactionID)
            _ = try await harness.postReceipt(try await harness.receipt(account: "carol"), appUserID: "carol")
            _ = try await simulator.purchase(account: "dave", bundleID: bundle, productID: "coins.100")
            _ = try await simulator.purchase(account: "dave", bundleID: bundle, productID: "lifetime")
            _ = try await harness.postReceipt(try await harness.receipt(account: "dave"), appUserID: "dave")
            _ = try await simulator.purchase(account: "erin", bundleID: bundle, productID: "pro.monthly")
            _ = try await harness.postReceipt(try await harness.receipt(account: "erin"), appUserID: "$anonymous:1")
            _ = try await harness.postReceipt(try await harness.receipt(account: "erin"), appUserID: "erin")
            let frank = try await simulator.purchase(account: "frank", bundleID: bundle, productID: "pro.monthly")
            _ = try await simulator.setBillingFailing(originalTransactionID: frank.originalTransactionID, failing: true)
            await harness.advance(days: 40)
            for (account, customer) in [("alice", "alice"), ("frank", "frank"), ("bob", "bob")] {
                _ = try await harness.postReceipt(try await harness.receipt(account: account), appUserID: customer)
            }
            let answers = try await Self.answers(harness)
            let data = try JSONSerialization.data(
                withJSONObject: ["read_at_ms": harness.clock.now().milliseconds, "answers": answers],
                options: [.sortedKeys, .prettyPrinted])
            try data.write(to: Self.snapshot)
        }
    }
}
