import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

/// `perennial simulator --state-dir`: a restart continues the same App Store (signing root, accounts,
/// subscriptions, ids, notification log); a fresh folder hands out ids no other folder does; the files are
/// the owner's only; a folder that cannot be read refuses to start.
@Suite struct SimulatorStateFolderTests {
    /// A new, empty folder under the temporary folder, removed after `body`.
    func withFolder(_ body: (String) async throws -> Void) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-simulator-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await body(path)
    }

    @Test func aRestartContinuesTheSavedAppStore() async throws {
        try await withFolder { path in
            let folder = SimulatorStateFolder(path: path)
            let first = try await folder.open(
                configuration: NotificationFixture.configuration(), notificationSender: RecordingSender())
            #expect(!first.continued)
            let simulator = first.simulator
            let purchase = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
            await simulator.advanceClock(by: .seconds(40 * 86_400))
            _ = try await simulator.setAutoRenew(originalTransactionID: purchase.originalTransactionID, enabled: false)
            let summary = try await simulator.subscription(originalTransactionID: purchase.originalTransactionID)
            let events = await simulator.events()
            let notifications = await simulator.notifications()
            let now = await simulator.now()
            try await folder.save(simulator)

            let restarted = try await SimulatorStateFolder(path: path).open(configuration: NotificationFixture.configuration(), notificationSender: RecordingSender())
            #expect(restarted.continued)
            let again = restarted.simulator
            #expect(again.signingAuthority.rootCertificateDER == simulator.signingAuthority.rootCertificateDER)
            #expect(await again.now() == now, "the simulated clock continues where it stopped")
            #expect(try await again.subscription(originalTransactionID: purchase.originalTransactionID) == summary)
            #expect(await again.events() == events)
            #expect(await again.notifications().map(\.id) == notifications.map(\.id))
            let old = await again.verifyReceipt(receiptData: purchase.receiptData, password: Fixture.secret, endpoint: .sandbox)
            #expect(old.status == 0, "a receipt from before the restart still verifies")
            let next = try await again.purchase(account: "bob", bundleID: Fixture.bundleID, productID: "pro.monthly")
            let used = Set(events.compactMap(\.transactionID))
            #expect(!used.contains(next.transactionID), "ids continue: \(next.transactionID)")
            #expect(next.transactionID > purchase.transactionID)
        }
    }

    @Test func everyChangingRequestIsSavedBeforeItsAnswer() async throws {
        try await withFolder { path in
            let folder = SimulatorStateFolder(path: path)
            let simulator = try await folder.open(configuration: Fixture.configuration, notificationSender: nil).simulator
            let app = Application(router: SimulatorServer.makeRouter(simulator: simulator, stateFolder: folder))
            try await app.test(.router) { client in
                let response = try await client.send(
                    .post, "/simulator/purchases", #"{"account": "carol", "bundle_id": "com.example.perennial", "product_id": "coins"}"#)
                #expect(response.status == .created)
            }
            let reopened = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
            #expect(await reopened.simulator.report(account: "carol").events.count == 1, "saved without an explicit save")
        }
    }

    @Test func freshFoldersHandOutDifferentIDsAndKeepTheirFilesPrivate() async throws {
        try await withFolder { first in
            try await withFolder { second in
                var ids: [String] = []
                for path in [first, second] {
                    let opened = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
                    ids.append(try await opened.simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins").transactionID)
                }
                #expect(ids[0] != ids[1], "two new App Stores never hand out the same id: \(ids)")
                #expect(ids.allSatisfy { $0.count == 16 })
                let mode = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue }
                #expect(mode(first) == 0o700)
                #expect(mode(first + "/authority.json") == 0o600, "it holds the signing key")
                #expect(mode(first + "/state.json") == 0o600)
            }
        }
    }

    @Test(arguments: ["state.json", "authority.json"])
    func aFolderThatCannotBeReadRefusesToStart(_ file: String) async throws {
        try await withFolder { path in
            _ = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
            try Data("{\"not\": \"a state\"".utf8).write(to: URL(fileURLWithPath: path + "/" + file))
            do {
                _ = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
                Issue.record("a corrupt \(file) was accepted")
            } catch let error as SimulatorStateError {
                #expect(error.path.hasSuffix(file))
                #expect(error.description.contains("--ephemeral"))
            }
        }
    }

    @Test func aStateWithoutItsAuthorityRefusesToStart() async throws {
        try await withFolder { path in
            _ = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
            try FileManager.default.removeItem(atPath: path + "/authority.json")
            await #expect(throws: SimulatorStateError.self) {
                _ = try await SimulatorStateFolder(path: path).open(configuration: Fixture.configuration, notificationSender: nil)
            }
        }
    }
}
