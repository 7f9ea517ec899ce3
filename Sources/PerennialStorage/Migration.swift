/// One versioned step of the database schema.
struct Migration: Sendable {
    /// Applied in increasing order; recorded in `schema_migrations` once applied.
    let version: Int64
    let name: String
    /// The DDL statements, for a dialect; run in one transaction.
    let statements: @Sendable (DatabaseKind) -> [String]
}
