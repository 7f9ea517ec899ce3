import PerennialCore
import Synchronization

/// The customers last read, kept in this process so that `GET /v1/customers/{id}` answers without the
/// database. An entry is served only while both hold:
/// - no ledger write committed in this process since it was read (`CacheInvalidatingLedger` counts them: a
///   write's commit makes every entry stale before the write's caller is answered);
/// - the clock has not reached the earliest instant at which one of its states changes by itself (an
///   expiry, the end of a grace period, a pause's resume: `SubscriptionState.validUntil`).
///
/// Writes of other processes reach it only through a listener (`requiresListener`: PostgreSQL's
/// `LISTEN`/`NOTIFY`, each announcement making every entry stale once its write committed). Such a cache
/// serves nothing until its listener is in place, and nothing again as soon as it is lost, until it is back:
/// it never answers from entries that may have missed an invalidation.
public final class CustomerViewCache: Sendable {
    /// Byte-exact: two ids that are canonically equivalent but not the same bytes are two customers.
    private struct Key: Hashable {
        var appID: ExactString
        var appUserID: ExactString

        init(appID: String, appUserID: String) {
            self.appID = ExactString(appID)
            self.appUserID = ExactString(appUserID)
        }
    }

    private struct Entry {
        var snapshot: CustomerSnapshot
        var validUntil: Instant?
        var generation: UInt64
    }

    private struct Contents {
        var entries: [Key: Entry] = [:]
        var generation: UInt64 = 0
        var isListening = false
    }

    /// The most customers kept; beyond it, a tenth of them (arbitrary ones) are dropped.
    public let capacity: Int
    /// Whether other processes write the database: entries are served only while listening for them.
    public let requiresListener: Bool
    private let contents = Mutex(Contents())

    public init(capacity: Int = 100_000, requiresListener: Bool = false) {
        self.capacity = max(1, capacity)
        self.requiresListener = requiresListener
    }

    /// The listener for other processes' writes is in place: from now on, entries may be kept and served.
    public func listenerStarted() {
        reset(listening: true)
    }

    /// The listener is lost: nothing is served until `listenerStarted`.
    public func listenerLost() {
        reset(listening: false)
    }

    /// Whether it may serve now (not waiting for a listener).
    public var isServing: Bool {
        contents.withLock { !requiresListener || $0.isListening }
    }

    /// Where a read starts: the snapshot it gets may be kept only if no write committed meanwhile.
    public var generation: UInt64 {
        contents.withLock { $0.generation }
    }

    /// The kept snapshot of a customer, if it is still exact at `now`.
    public func snapshot(appID: String, appUserID: String, at now: Instant) -> CustomerSnapshot? {
        contents.withLock { contents in
            guard !requiresListener || contents.isListening,
                  let entry = contents.entries[Key(appID: appID, appUserID: appUserID)],
                  entry.generation == contents.generation, entry.validUntil.map({ now < $0 }) ?? true
            else { return nil }
            return entry.snapshot
        }
    }

    /// Keeps a snapshot read when the cache was at `generation` (it is dropped if a write committed since).
    public func keep(_ snapshot: CustomerSnapshot, appID: String, readAt generation: UInt64) {
        let validUntil = snapshot.subscriptions.compactMap(\.validUntil).min()
        contents.withLock { contents in
            guard generation == contents.generation, !requiresListener || contents.isListening else { return }
            if contents.entries.count >= capacity {
                for key in contents.entries.keys.prefix(max(1, capacity / 10)) { contents.entries[key] = nil }
            }
            contents.entries[Key(appID: appID, appUserID: snapshot.customer.appUserID)] = Entry(
                snapshot: snapshot, validUntil: validUntil, generation: generation
            )
        }
    }

    /// Makes every entry stale: called once a write committed, before its caller is answered.
    public func invalidateAll() {
        reset(listening: nil)
    }

    /// Drops every entry and moves to a new generation; `listening`, when given, becomes the listener's state.
    private func reset(listening: Bool?) {
        contents.withLock { contents in
            contents.generation &+= 1
            contents.entries.removeAll(keepingCapacity: true)
            if let listening { contents.isListening = listening }
        }
    }
}
