import Synchronization

/// Whether a prepared statement failed in a session, so that its connection is closed when the session ends
/// rather than returned to the pool. PostgresNIO remembers a failed preparation for the connection's life
/// (its `Parse` may have been refused only because the transaction had already failed), and a prepared
/// statement whose table another server changed under it fails until it is prepared again ("cached plan
/// must not change result type"); a new connection prepares afresh.
final class PreparedStatementFailure: Sendable {
    private let failed = Atomic<Bool>(false)

    /// Records a failure.
    func record() {
        failed.store(true, ordering: .relaxed)
    }

    /// Whether one was recorded.
    var occurred: Bool { failed.load(ordering: .relaxed) }
}
