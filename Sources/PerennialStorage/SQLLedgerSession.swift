import PerennialServices
import SQLKit

/// The reads and writes of one `SQLLedger` write or read, on the database session that runs it.
///
/// Every write is an upsert or an insert-if-absent, so repeating it changes nothing. The operations are
/// grouped by subject in `SQLLedgerSession+….swift`.
public struct SQLLedgerSession: LedgerSession {
    let session: DatabaseSession
    /// The events this write recorded, given feed positions as it ends.
    let feedStamps = EventFeedStamps()
    /// Whether this write announced customer changes, sent as it ends on PostgreSQL (`sendDeferredWrites`).
    let announcement = CustomerChangeAnnouncement()
    /// The database's cache of webhook endpoints (`recordingWebhookEndpoints`).
    let endpointCache: WebhookEndpointCache
    /// Whether this transaction changed an endpoint: then it reads endpoints itself, never the cache.
    let endpointChanges = WebhookEndpointCache.Changes()

    init(session: DatabaseSession, endpointCache: WebhookEndpointCache) {
        self.session = session
        self.endpointCache = endpointCache
    }

    var sql: any SQLDatabase { session.sql }

    /// `FOR UPDATE` on PostgreSQL, to lock a row read before it is rewritten; nothing on SQLite, where the
    /// transaction already holds the database's write lock.
    var forUpdate: String { session.kind == .postgresql ? " FOR UPDATE" : "" }

    /// The channel writers announce changes of customers on (`PerennialDatabase.listenForCustomerChanges`).
    static let customerChannel = "perennial_customers"

    public func announceCustomerChange() async throws {
        guard session.kind == .postgresql else { return }
        // With the write's last statement (`stampEventFeed`): a notification is delivered at commit anyway.
        announcement.announce()
    }
}
