import Foundation
import PerennialCore

/// Customers: finding, creating and listing them, and telling other servers that they changed. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol CustomerRecords: Sendable {
    /// Tells the other processes sharing the database, when this write commits, that customers may have
    /// changed (PostgreSQL: `NOTIFY`, delivered only on commit); nothing where no other process serves.
    func announceCustomerChange() async throws

    /// The customer with this app user id, if known.
    func customer(appID: String, appUserID: String) async throws -> CustomerRecord?

    /// The customer with this app user id, created (with `createdAt`) if it does not exist yet.
    func findOrCreateCustomer(appID: String, appUserID: String, createdAt: Instant) async throws -> CustomerRecord

    /// App user ids of an app, in order, after `after` (nil: from the start), at most `limit`.
    func appUserIDs(appID: String, after: String?, limit: Int) async throws -> [String]
}
