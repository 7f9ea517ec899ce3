import PerennialServices
import SQLKit

extension SQLLedgerSession {
    /// PostgreSQL, as a write ends: what it deferred to its end — its webhook deliveries (up to
    /// `deliveriesPerInsert`), its rollups' cells, its deferred statements (a notification's settlement) and
    /// its announcement of customer changes — in one statement, the writes as data-modifying `WITH`s and the
    /// `NOTIFY` (delivered at commit anyway) as the query they precede. Sent last, so the rollups' rows are
    /// locked for one round trip before the commit.
    func sendDeferredWrites() async throws {
        let deliveries = session.deferredDeliveries.takeWaiting()
        var parts: [SQLQueryString] = []
        if deliveries.count > Self.deliveriesPerInsert {
            _ = try await Self.insert(deliveries, into: sql)
        } else if !deliveries.isEmpty {
            parts.append(Self.deliveryInsert(deliveries))
        }
        parts += Self.rollupInserts(DeferredRollupCell.summed(session.deferredRollupCells.takeWaiting()), kind: .postgresql)
        parts += session.deferredStatements.takeWaiting()
        if announcement.take() {
            parts.append("SELECT pg_notify(\(bind: Self.customerChannel), '')")
        }
        guard let last = parts.popLast() else { return }
        var statement: SQLQueryString = ""
        for (index, part) in parts.enumerated() {
            statement += "\(unsafeRaw: index == 0 ? "WITH" : ",") deferred\(unsafeRaw: String(index)) AS (\(part))"
        }
        statement += " "
        statement += last
        try await sql.raw(statement).run()
    }
}
