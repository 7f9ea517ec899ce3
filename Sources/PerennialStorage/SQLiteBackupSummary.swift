/// What `SQLiteBackup` found in a copy it made or checked: SQLite's integrity check passed, and these counts.
public struct SQLiteBackupSummary: Sendable, Hashable {
    /// The newest migration the copy's schema has.
    public var schemaVersion: Int64
    /// The copy's size in bytes.
    public var bytes: Int64
    public var apps: Int64
    public var customers: Int64
    public var subscriptions: Int64
    public var events: Int64

    /// One line for people: the size, the schema and the counts.
    public var report: String {
        "\(bytes) bytes, schema version \(schemaVersion), \(apps) apps, \(customers) customers, \(subscriptions) subscriptions, "
            + "\(events) events; integrity check ok"
    }
}
