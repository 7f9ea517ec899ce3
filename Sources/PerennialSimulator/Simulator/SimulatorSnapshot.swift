import PerennialAppStore
import PerennialCore

/// Everything a simulator must remember across a restart, but for its configuration (read again) and its
/// signing authority (saved apart, as a secret): the simulated now, the App Store's state, the delivery log
/// of notifications, and the Server API's records. Faults and held requests are not kept.
struct SimulatorSnapshot: Sendable, Codable {
    /// The format's version; a state folder written by another version is refused, never misread.
    static let currentVersion = 1

    var version = Self.currentVersion
    /// The simulated instant when it was saved: the restarted clock continues from it.
    var now: Instant
    var state: SimulatorState
    var notificationLog: NotificationLog
    var testNotifications: [String: Int]
    var renewalExtensions: [String: ExtendRenewalDateResponse]
    var massExtensions: [String: MassExtendRenewalDateStatusResponse]
}
