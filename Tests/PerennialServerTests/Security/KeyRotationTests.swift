import Foundation
import NIOCore
import PerennialServer
import PerennialServices
import PerennialStorage
import Synchronization
import Testing

/// `perennial keys rotate`: every secret sealed under the old master key is sealed again under the new one
/// while a server with both keys serves and seals new ones; stopped midway it finishes when run again; the
/// old key can then be retired, and not before.
@Suite("Master key rotation")
struct KeyRotationTests {
    struct Stop: Error {}

    /// Posts a purchase's receipt, sets the customer's attributes, and delivers the store's notifications.
    static func seal(_ harness: TestHarness, account: String) async throws {
        let purchase = try await harness.simulator.purchase(account: account, bundleID: TestHarness.bundleID, productID: "pro.monthly")
        #expect(try await harness.postReceipt(purchase.receiptData, appUserID: "user-\(account)").status == 200)
        let body = try JSONSerialization.data(withJSONObject: ["attributes": ["$email": "\(account)@example.com"]])
        let status = try await harness.client.execute(
            uri: "/v1/customers/user-\(account)/attributes", method: .put,
            headers: [.authorization: "Bearer \(TestHarness.secretKey)", .contentType: "application/json"], body: ByteBuffer(bytes: body)
        ) { Int($0.status.code) }
        #expect(status == 204)
        await harness.simulator.deliverDueNotifications()
    }

    static func total(_ counts: [KeyRotation.ColumnCount], _ count: (KeyRotation.ColumnCount) -> Int) -> Int {
        counts.reduce(0) { $0 + count($1) }
    }

    @Test func aRotationStoppedMidwayFinishesWhenRunAgainWhileTheServerSealsAnew() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("rotation-\(UUID().uuidString).sqlite").path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        }
        let old = SecretBox.generateMasterKey(), new = SecretBox.generateMasterKey()
        try await TestHarness.withReceiver { receiver, url in
            // Secrets under the old key: the app's credentials, receipts, attributes, notification bodies, a
            // webhook endpoint's secrets, the canary.
            try await TestHarness.run(notificationVersions: [2], server: TestHarness.webhookServer, databaseURL: "sqlite://" + file, masterKey: old) { harness in
                try await harness.registerEndpoint(url, receiver: receiver)
                for account in ["ann", "bob", "cai"] { try await Self.seal(harness, account: account) }
            }
        }
        // The server restarted with the new key and the old one as previous.
        try await TestHarness.run(
            notificationVersions: [2], databaseURL: "sqlite://" + file, masterKey: new, previousMasterKeys: [old]
        ) { harness in
            let values = SQLSealedValues(database: harness.stack.database)
            let rotating = try SecretBox(masterKey: new, previousMasterKeys: [old])
            let before = try await KeyRotation(values: values, secrets: rotating).status()
            let sealedBefore = Self.total(before, \.previous)
            #expect(sealedBefore >= 10, "\(before)")

            // Stopped after three pages, as a crash would, while the server seals new secrets meanwhile.
            let pages = Mutex(0)
            await #expect(throws: Stop.self) {
                try await KeyRotation(values: values, secrets: rotating, pageSize: 1).rotate { _ in
                    let count = pages.withLock { $0 += 1; return $0 }
                    if count == 2 { try await Self.seal(harness, account: "dee") }
                    if count == 3 { throw Stop() }
                }
            }
            let midway = try await KeyRotation(values: values, secrets: rotating).status()
            #expect(Self.total(midway, \.previous) > 0)
            #expect(Self.total(midway, \.current) > 0)
            // The old key cannot be retired yet: the canary is still sealed under it.
            let ledger = SQLLedger(database: harness.stack.database)
            await #expect(throws: PerennialError.self) { try await MasterKeyCheck.verify(try SecretBox(masterKey: new), ledger: ledger) }

            let done = try await KeyRotation(values: values, secrets: rotating, pageSize: 2).rotate()
            #expect(Self.total(done, \.previous) == 0)
            #expect(Self.total(done, \.resealed) >= sealedBefore - 3)

            // Only the new key now: everything opens, the canary included; the old key alone opens nothing.
            let retired = try await KeyRotation(values: values, secrets: try SecretBox(masterKey: new)).status()
            #expect(Self.total(retired, \.previous) == 0)
            for count in retired where count.column != "jobs.payload" { #expect(count.unknown == 0, "\(count)") }
            #expect(Self.total(retired, \.current) >= sealedBefore + 3)
            try await MasterKeyCheck.verify(try SecretBox(masterKey: new), ledger: ledger)
            await #expect(throws: PerennialError.self) { try await MasterKeyCheck.verify(try SecretBox(masterKey: old), ledger: ledger) }
            // And the customers read as before (this simulator numbers its transactions anew: dee's first
            // purchase has ann's id, and took her subscription over, as a restore on another account does).
            #expect(try await harness.customer("user-dee").body["subscriptions"].array.count == 1)
            let bob = try await harness.customer("user-bob")
            #expect(bob.body["subscriptions"].array.count == 1, "\(bob.body)")
        }
    }

    @Test func theDoctorSaysWhatStillNeedsThePreviousKeyThenThatItCanGo() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rotation-doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = SecretBox.generateMasterKey(), new = SecretBox.generateMasterKey()
        for (name, key) in [("old.key", old), ("new.key", new)] {
            #expect(FileManager.default.createFile(
                atPath: folder.appendingPathComponent(name).path, contents: Data(key.map { String(format: "%02x", $0) }.joined().utf8),
                attributes: [.posixPermissions: 0o600]))
        }
        var configuration = PerennialConfiguration()
        configuration.server.masterKeyFile = folder.appendingPathComponent("new.key").path
        configuration.server.previousMasterKeyFile = folder.appendingPathComponent("old.key").path
        let database = try await PerennialDatabase.open(url: "sqlite://" + folder.appendingPathComponent("db.sqlite").path)
        _ = try await Migrations.migrate(database)
        try await MasterKeyCheck.verify(try SecretBox(masterKey: old), ledger: SQLLedger(database: database))

        let before = try #require(try await PerennialServer.keyRotationProblem(configuration, database: database))
        #expect(before.code == "master_key_rotation_incomplete")
        #expect(before.message.contains("master_key_canary.sealed 1"))
        _ = try await KeyRotation(values: SQLSealedValues(database: database), secrets: try SecretBox(masterKey: new, previousMasterKeys: [old])).rotate()
        let after = try #require(try await PerennialServer.keyRotationProblem(configuration, database: database))
        #expect(after.code == "master_key_rotation_complete")
        configuration.server.previousMasterKeyFile = nil
        #expect(try await PerennialServer.keyRotationProblem(configuration, database: database) == nil)
        await database.shutdown()
    }

    @Test func withoutAPreviousKeyThereIsNothingToRotate() async throws {
        try await TestHarness.run { harness in
            let rotation = KeyRotation(values: SQLSealedValues(database: harness.stack.database), secrets: try SecretBox(masterKey: SecretBox.generateMasterKey()))
            await #expect(throws: PerennialError.self) { _ = try await rotation.rotate() }
        }
    }
}
