import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator
import Testing

/// With a clock that runs by itself, the simulator renews, notifies and retries without being called.
@Suite struct RunningClockDeliveryTests {
    /// 30 simulated days per real second.
    static let fast = SimulatorTimeScale.factor(2_592_000)

    static func simulator(sender: RecordingSender) throws -> AppStoreSimulator {
        var configuration = NotificationFixture.configuration(v1: false)
        configuration.timeScale = fast
        return try AppStoreSimulator(configuration: configuration, notificationSender: sender)
    }

    static func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test(.timeLimit(.minutes(1))) func renewalsAreNotifiedAsTheyHappen() async throws {
        let sender = RecordingSender()
        let simulator = try Self.simulator(sender: sender)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "pro.monthly")
        try await Self.waitFor { sender.posts.count >= 3 }
        let received = try await NotificationFixture.received(sender, simulator)
        #expect(NotificationFixture.kinds(Array(received.prefix(3))) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_RENEW"])
    }

    @Test(.timeLimit(.minutes(2))) func retriesHappenOnTheirOwn() async throws {
        let sender = RecordingSender(status: 500)
        let simulator = try Self.simulator(sender: sender)
        _ = try await simulator.purchase(account: "alice", bundleID: Fixture.bundleID, productID: "coins")
        // Waits for the simulator's own record of the last attempt (not just the sender's count of posts, which
        // comes first), for longer than the schedule needs when the machine is busy running the whole suite.
        let deadline = ContinuousClock.now + .seconds(50)
        while await simulator.notifications().first?.state != .failed, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let notification = try #require(await simulator.notifications().first)
        #expect(notification.attempts.count == 6)
        #expect(notification.state == .failed)
        let gaps = zip(notification.attempts.dropFirst(), notification.attempts).map {
            $0.attemptedAt.milliseconds - $1.attemptedAt.milliseconds
        }
        for (gap, hours) in zip(gaps, [1, 12, 24, 48, 72] as [Int64]) {
            #expect(gap >= hours * 3_600_000, "a retry comes no earlier than Apple's schedule")
        }
    }
}
