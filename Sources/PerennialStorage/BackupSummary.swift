/// What a backup or a restore left: the database's schema version and counts, and the check it passed
/// (SQLite's integrity check; on PostgreSQL, `pg_restore` completing in one transaction).
public struct BackupSummary: Sendable, Hashable {
    /// The newest migration the copy's schema has.
    public var schemaVersion: Int64
    /// The copy's size in bytes (SQLite), or the dump's (PostgreSQL).
    public var bytes: Int64
    public var apps: Int64
    public var customers: Int64
    public var subscriptions: Int64
    public var events: Int64
    /// The check the copy passed, in words.
    public var check = "integrity check ok"

    /// One line for people: the size, the schema and the counts.
    public var report: String {
        "\(bytes) bytes, schema version \(schemaVersion), \(apps) apps, \(customers) customers, \(subscriptions) subscriptions, "
            + "\(events) events; \(check)"
    }
}
