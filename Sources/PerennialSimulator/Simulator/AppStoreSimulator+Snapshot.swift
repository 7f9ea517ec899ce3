extension AppStoreSimulator {
    /// The largest `idBlock` (each block holds 10⁸ transaction ids, and ids stay 16 digits).
    public static let maximumIDBlock = SimulatorState.maximumIDBlock

    /// What to save now (see `SimulatorStateFolder`).
    func snapshot() -> SimulatorSnapshot {
        SimulatorSnapshot(
            now: clock.now(), state: state, notificationLog: notificationLog, testNotifications: testNotifications,
            renewalExtensions: renewalExtensions, massExtensions: massExtensions)
    }

    /// Takes back what a snapshot saved; its clock must already stand at the snapshot's now.
    func restore(_ snapshot: SimulatorSnapshot) {
        state = snapshot.state
        notificationLog = snapshot.notificationLog
        testNotifications = snapshot.testNotifications
        renewalExtensions = snapshot.renewalExtensions
        massExtensions = snapshot.massExtensions
        kickDelivery()
        scheduleWake()
    }
}
