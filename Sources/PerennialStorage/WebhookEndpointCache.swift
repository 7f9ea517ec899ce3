import PerennialServices
import Synchronization

/// The webhook endpoints of each app, kept for the writes that record events: each such write asks for its
/// app's endpoints, and the list seldom changes. An entry lives at most `lifetime`. A change made through
/// this process's storage drops every entry at once, and a write that changed endpoints reads them itself;
/// a change made by another process (PostgreSQL, several servers) reaches this one's writes within
/// `lifetime`, as may one committed while a concurrent write was filling the cache. What a delivery finally
/// does is decided when it is sent, from the endpoint as stored then.
final class WebhookEndpointCache: Sendable {
    private struct Entry {
        var endpoints: [WebhookEndpointRecord]
        var fetchedAt: ContinuousClock.Instant
    }

    private let state = Mutex<(entries: [String: Entry], generation: Int)>(([:], 0))
    let lifetime: Duration

    init(lifetime: Duration = .seconds(1)) {
        self.lifetime = lifetime
    }

    /// The app's endpoints from the cache, or from `load` (kept unless a change came in meanwhile).
    func endpoints(appID: String, load: () async throws -> [WebhookEndpointRecord]) async throws -> [WebhookEndpointRecord] {
        let now = ContinuousClock.now
        let (cached, generation) = state.withLock { state in
            (state.entries[appID].flatMap { now - $0.fetchedAt < lifetime ? $0.endpoints : nil }, state.generation)
        }
        if let cached { return cached }
        let loaded = try await load()
        state.withLock { state in
            if state.generation == generation { state.entries[appID] = Entry(endpoints: loaded, fetchedAt: now) }
        }
        return loaded
    }

    /// Whether one transaction changed an endpoint: it then reads endpoints itself, never the cache (which
    /// it must not fill with what may still roll back).
    final class Changes: Sendable {
        private let changed = Atomic<Bool>(false)

        var happened: Bool { changed.load(ordering: .relaxed) }

        func note() { changed.store(true, ordering: .relaxed) }
    }

    /// Forgets every entry: an endpoint was saved or deleted.
    func invalidate() {
        state.withLock { state in
            state.entries = [:]
            state.generation += 1
        }
    }
}
