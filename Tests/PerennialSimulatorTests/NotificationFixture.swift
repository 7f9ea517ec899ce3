import Foundation
import PerennialAppStore
import PerennialCore
import PerennialSimulator

/// The fixture's configuration with notification URLs on the main app, and a verifier for what it signs.
enum NotificationFixture {
    static let v2URL = "http://perennial.test/v1/apple/notifications"
    static let v1URL = "http://perennial.test/v1/apple/notifications/v1"

    static func configuration(v1: Bool = true, grace: Int = 16) -> SimulatorConfiguration {
        var configuration = Fixture.configuration
        configuration.apps[0].notificationURL = v2URL
        configuration.apps[0].notificationURLV1 = v1 ? v1URL : nil
        configuration.apps[0].gracePeriodDays = grace
        configuration.signingSeed = "perennial-tests"
        return configuration
    }

    static func simulator(sender: RecordingSender, v1: Bool = true, grace: Int = 16) throws -> AppStoreSimulator {
        try AppStoreSimulator(configuration: configuration(v1: v1, grace: grace), notificationSender: sender)
    }

    /// Perennial's verifier, trusting the simulator's root, for the fixture's app in the sandbox.
    static func verifier(_ simulator: AppStoreSimulator, bundleID: String = Fixture.bundleID) throws -> SignedDataVerifier {
        try SignedDataVerifier(
            rootCertificates: [simulator.signingAuthority.rootCertificateDER], bundleId: bundleID,
            environment: .sandbox, clock: simulator.clock)
    }

    /// Every version 2 notification the sender received, verified and decoded, in order.
    static func received(
        _ sender: RecordingSender, _ simulator: AppStoreSimulator, bundleID: String = Fixture.bundleID
    ) async throws -> [VerifiedNotification] {
        let verifier = try verifier(simulator, bundleID: bundleID)
        var notifications: [VerifiedNotification] = []
        for payload in sender.signedPayloads() {
            notifications.append(try await verifier.verifyAndDecodeNotification(payload))
        }
        return notifications
    }

    /// `TYPE/SUBTYPE` (or `TYPE`) of each notification.
    static func kinds(_ notifications: [VerifiedNotification]) -> [String] {
        notifications.map { notification in
            let type = notification.payload.notificationType?.rawValue ?? "?"
            return notification.payload.subtype.map { "\(type)/\($0.rawValue)" } ?? type
        }
    }
}
