import Foundation
import PerennialCore
import PerennialSimulator
import Testing

/// The Play simulator kept in the state folder beside the App Store: a restart continues the same service
/// account (a key file handed out before stays good), purchases, voided purchases and order numbers.
@Suite struct PlayStateFolderTests {
    @Test func aRestartContinuesTheSavedPlayStore() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-simulator-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let configuration = Fixture.configuration
        let folder = SimulatorStateFolder(path: path)
        let simulator = try await folder.open(configuration: configuration, notificationSender: nil).simulator
        let play = try PlaySimulator(app: configuration.apps[0], clock: simulator.clock)
        #expect(try await !folder.attach(play))
        let product = try #require(configuration.apps[0].products.first { $0.type == .autoRenewable }).id
        let kept = try await play.purchase(productID: product, obfuscatedAccountID: "ann")
        let refunded = try await play.purchase(productID: product)
        try await play.refund(token: refunded)
        let keyFile = try await play.keyFile(tokenURI: "http://127.0.0.1/token")
        let before = try await play.subscription(token: kept)
        try await folder.save(simulator)

        let restartedFolder = SimulatorStateFolder(path: path)
        let again = try await restartedFolder.open(configuration: configuration, notificationSender: nil).simulator
        let restarted = try PlaySimulator(app: configuration.apps[0], clock: again.clock)
        #expect(try await restartedFolder.attach(restarted))
        #expect(try await restarted.keyFile(tokenURI: "http://127.0.0.1/token") == keyFile)
        #expect(try await restarted.subscription(token: kept) == before)
        let voided = try JSONSerialization.jsonObject(with: try await restarted.voidedPurchases(since: 0, type: 1)) as? [String: Any]
        #expect((voided?["voidedPurchases"] as? [[String: Any]])?.first?["purchaseToken"] as? String == refunded)
        #expect(await restarted.pushCounts.waiting == 4, "undelivered pushes are kept: two purchases, a revocation, a voided purchase")

        // A state that is not one stops the start, naming the file.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: path + "/play.json"))
        let broken = SimulatorStateFolder(path: path)
        let third = try await broken.open(configuration: configuration, notificationSender: nil).simulator
        await #expect(throws: SimulatorStateError.self) {
            _ = try await broken.attach(try PlaySimulator(app: configuration.apps[0], clock: third.clock))
        }
    }
}
