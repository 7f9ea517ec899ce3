import PerennialServer
@testable import PerennialStorage
import SQLKit

/// How many rows each table that input can create holds, read straight from the stack's database, to show
/// that refused input stored nothing.
struct StoredRowCounts: Equatable, CustomStringConvertible {
    /// Every table a customer's purchase, a store notification or an offer can add rows to, except the
    /// notification inbox (counted apart: a refused notification is kept there, marked rejected).
    static let ledgerTables = [
        "customers", "transactions", "renewal_infos", "subscriptions", "events", "jobs", "account_tokens",
        "offer_signatures", "offer_grants", "engagement_signals",
    ]

    var ledger: [String: Int64]
    var notifications: Int64

    /// Reads the counts.
    static func read(_ stack: PerennialStack) async throws -> StoredRowCounts {
        try await stack.database.withSession { session in
            var ledger: [String: Int64] = [:]
            for table in ledgerTables {
                ledger[table] = try await count(table, session)
            }
            return StoredRowCounts(ledger: ledger, notifications: try await count("store_notifications", session))
        }
    }

    private static func count(_ table: String, _ session: DatabaseSession) async throws -> Int64 {
        try await session.sql.raw("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)").first()?.int64("n") ?? 0
    }

    var description: String {
        ledger.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + " store_notifications=\(notifications)"
    }
}
