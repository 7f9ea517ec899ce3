import PerennialCore
import Synchronization

/// The newest paywall document of each app, parsed once per revision. An entry is known to be the newest
/// while the process's customer cache stays at the generation it was read in: every ledger write of this
/// process moves that generation on, and so does every write of another process where the cache listens for
/// them (PostgreSQL's `NOTIFY`). Otherwise (no customer cache, its listener lost, a write since) a read asks
/// the database for the newest revision's number (one indexed row), so a revision saved by any server is
/// served from the next request on, without a restart.
public final class PaywallDocumentCache: Sendable {
    private struct Entry {
        var revision: Int
        var document: PaywallDocument
        /// The customer cache's generation the revision was known newest in; nil: not known.
        var generation: UInt64?
    }

    private let entries = Mutex<[String: Entry]>([:])

    public init() {}

    /// The document known to be the newest at `generation`.
    func newest(appID: String, generation: UInt64) -> (revision: Int, document: PaywallDocument)? {
        entries.withLock { entries in
            guard let entry = entries[appID], entry.generation == generation else { return nil }
            return (entry.revision, entry.document)
        }
    }

    /// The document of `revision`, if kept.
    func document(appID: String, revision: Int) -> PaywallDocument? {
        entries.withLock { $0[appID].flatMap { $0.revision == revision ? $0.document : nil } }
    }

    /// Keeps `document` as the app's newest, known so at `generation` (nil: not known).
    func keep(_ document: PaywallDocument, appID: String, revision: Int, generation: UInt64?) {
        entries.withLock { entries in
            guard (entries[appID]?.revision ?? 0) <= revision else { return }
            entries[appID] = Entry(revision: revision, document: document, generation: generation)
        }
    }
}
