import Synchronization

/// The events one ledger write recorded, per app, for the write to give them feed positions last, just
/// before it commits (`SQLLedgerSession.stampEventFeed`).
final class EventFeedStamps: Sendable {
    private let pending = Mutex<[String: [Int64]]>([:])

    /// Notes events recorded for an app in this write.
    func add(appID: String, sequences: [Int64]) {
        guard !sequences.isEmpty else { return }
        pending.withLock { $0[appID, default: []].append(contentsOf: sequences) }
    }

    /// The events noted so far, per app in app order, and forgets them.
    func take() -> [(appID: String, sequences: [Int64])] {
        pending.withLock { pending in
            defer { pending = [:] }
            return pending.keys.sorted().map { ($0, pending[$0]!.sorted()) }
        }
    }
}
