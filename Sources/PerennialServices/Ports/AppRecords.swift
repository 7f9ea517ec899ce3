import Foundation
import PerennialCore

/// The apps' stored records and the master key's canary. A role of `LedgerSession`: every
/// write is idempotent, and runs inside the caller's `Ledger` write or read.
public protocol AppRecords: Sendable {
    /// Inserts or updates an app's stored record.
    func saveApp(_ app: AppRecord) async throws

    /// The stored record of an app.
    func app(id: String) async throws -> AppRecord?

    /// Some stored app, if there is any (to try the master key on a database stored before the canary).
    func anyApp() async throws -> AppRecord?

    /// The canary sealed with the master key the database was first used with; nil before the first start.
    func masterKeyCanary() async throws -> Data?

    /// Stores the canary unless one is already stored.
    func saveMasterKeyCanary(_ sealed: Data) async throws
}
