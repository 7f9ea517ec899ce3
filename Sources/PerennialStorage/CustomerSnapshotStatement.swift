import Foundation
import PostgresKit

/// The read of `SQLLedger.customerWithSubscriptions`. PostgreSQL prepares it once per connection, so that
/// the server parses and plans it once instead of at every customer read (where that cost more than running
/// it); SQLite runs the same text (`$1` and `$2` are its first and second parameters too).
/// Fast path for the benchmarks `entitlements-http-sqlite` and `entitlements-http-postgresql` (BENCHMARKS.md).
struct CustomerSnapshotStatement: PostgresPreparedStatement {
    /// The customer's columns, then one subscription body (NULL when it owns none).
    typealias Row = (appID: String, appUserID: String, createdAt: Int64, body: String?)

    static let sql = """
        SELECT c.app_id, c.app_user_id, c.created_at, s.body
        FROM customers c
        LEFT JOIN subscriptions s ON s.app_id = c.app_id AND s.owner_app_user_id = c.app_user_id
        WHERE c.app_id = $1 AND c.app_user_id = $2
        """

    static let bindingDataTypes: [PostgresDataType] = [.text, .text]

    var appID: String
    var appUserID: String

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 2)
        bindings.append(appID)
        bindings.append(appUserID)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        let (appID, appUserID, createdAt, body) = try row.decode((String, String, Int64, String?).self)
        return (appID, appUserID, createdAt, body)
    }
}
