import PerennialCore
import Synchronization

/// The newest paywall document of each app, parsed once per revision. Every read asks the database for the
/// newest revision's number (one indexed row), so a revision saved by any server is served from the next
/// request on, without a restart.
public final class PaywallDocumentCache: Sendable {
    private let documents = Mutex<[String: (revision: Int, document: PaywallDocument)]>([:])

    public init() {}

    func document(appID: String, revision: Int) -> PaywallDocument? {
        documents.withLock { $0[appID].flatMap { $0.revision == revision ? $0.document : nil } }
    }

    func keep(_ document: PaywallDocument, appID: String, revision: Int) {
        documents.withLock { documents in
            if (documents[appID]?.revision ?? 0) <= revision { documents[appID] = (revision, document) }
        }
    }
}
