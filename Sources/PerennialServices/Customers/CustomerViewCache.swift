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
///
/// An entry may also keep what a surface made of it (`attach`: the HTTP answer's bytes), dropped with it;
/// renderings are kept up to `renderingBudget` bytes in all (a write, which drops every entry, frees them).
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
        var rendering: Rendering?
    }

    /// What a surface made of an entry's snapshot, with the app settings its view depends on (only those:
    /// an entry's size counts for every bucket of the dictionary).
    struct Rendering: Sendable {
        private var catalog: Catalog
        private var managementURLTemplates: [Store: String]
        var value: any CustomerRendering

        init(app: AppSettings, value: any CustomerRendering) {
            catalog = app.catalog
            managementURLTemplates = app.managementURLTemplates
            self.value = value
        }

        /// Whether the view made with `app`'s settings is the one this was made of: the same catalog and
        /// management URLs (copies of one configuration compare by identity, without walking them).
        func isMade(for app: AppSettings) -> Bool {
            catalog == app.catalog && managementURLTemplates == app.managementURLTemplates
        }
    }

    /// An entry served: its snapshot, the generation it belongs to, and what was made of it, if anything.
    struct Hit: Sendable {
        var snapshot: CustomerSnapshot
        var generation: UInt64
        var rendering: Rendering?
    }

    private struct Contents {
        var entries: [Key: Entry] = [:]
        var generation: UInt64 = 0
        var isListening = false
        /// The bytes of the renderings kept.
        var renderingBytes = 0

        /// Drops an entry, with the bytes of its rendering.
        mutating func remove(_ key: Key) {
            renderingBytes -= entries.removeValue(forKey: key)?.rendering?.value.byteCount ?? 0
        }
    }

    /// The most customers kept; beyond it, a tenth of them (arbitrary ones) are dropped.
    public let capacity: Int
    /// The most bytes of renderings kept; beyond it, a rendering is not kept.
    public let renderingBudget: Int
    /// Whether other processes write the database: entries are served only while listening for them.
    public let requiresListener: Bool
    private let contents = Mutex(Contents())

    public init(capacity: Int = 100_000, renderingBudget: Int = 16 << 20, requiresListener: Bool = false) {
        self.capacity = max(1, capacity)
        self.renderingBudget = max(0, renderingBudget)
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
        lookup(appID: appID, appUserID: appUserID, at: now)?.snapshot
    }

    /// The kept entry of a customer, if it is still exact at `now`.
    func lookup(appID: String, appUserID: String, at now: Instant) -> Hit? {
        contents.withLock { contents in
            guard !requiresListener || contents.isListening,
                  let entry = contents.entries[Key(appID: appID, appUserID: appUserID)],
                  entry.generation == contents.generation, entry.validUntil.map({ now < $0 }) ?? true
            else { return nil }
            return Hit(snapshot: entry.snapshot, generation: entry.generation, rendering: entry.rendering)
        }
    }

    /// Keeps `rendering` with the customer's entry, if the entry is still the one of `generation` (a write
    /// since dropped it, with whatever was made of it) and the budget has room for it.
    func attach(_ rendering: Rendering, appID: String, appUserID: String, generation: UInt64) {
        let bytes = rendering.value.byteCount
        contents.withLock { contents in
            let key = Key(appID: appID, appUserID: appUserID)
            guard generation == contents.generation, let entry = contents.entries[key], entry.generation == generation else { return }
            let replaced = entry.rendering?.value.byteCount ?? 0
            guard contents.renderingBytes - replaced + bytes <= renderingBudget else { return }
            contents.renderingBytes += bytes - replaced
            contents.entries[key]?.rendering = rendering
        }
    }

    /// The bytes of the renderings kept now.
    public var renderingBytes: Int {
        contents.withLock { $0.renderingBytes }
    }

    /// Keeps a snapshot read when the cache was at `generation` (it is dropped if a write committed since).
    public func keep(_ snapshot: CustomerSnapshot, appID: String, readAt generation: UInt64) {
        let validUntil = snapshot.subscriptions.compactMap(\.validUntil).min()
        contents.withLock { contents in
            guard generation == contents.generation, !requiresListener || contents.isListening else { return }
            if contents.entries.count >= capacity {
                for key in Array(contents.entries.keys.prefix(max(1, capacity / 10))) { contents.remove(key) }
            }
            let key = Key(appID: appID, appUserID: snapshot.customer.appUserID)
            contents.remove(key)
            contents.entries[key] = Entry(snapshot: snapshot, validUntil: validUntil, generation: generation)
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
            contents.renderingBytes = 0
            if let listening { contents.isListening = listening }
        }
    }
}
