import Synchronization

/// Whether a write announced a change of customers (`SQLLedgerSession.announceCustomerChange`), so that on
/// PostgreSQL the `NOTIFY` goes with the write's last statement instead of one of its own.
final class CustomerChangeAnnouncement: Sendable {
    private let announced = Atomic<Bool>(false)

    /// Notes the announcement.
    func announce() {
        announced.store(true, ordering: .relaxed)
    }

    /// Whether one was noted, and forgets it.
    func take() -> Bool {
        announced.exchange(false, ordering: .relaxed)
    }
}
