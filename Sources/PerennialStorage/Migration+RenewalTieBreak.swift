extension Migration {
    /// Version 8: each renewal-info snapshot's `RenewalInfoFact.tieBreakKey`, so that of two different
    /// snapshots observed at the same instant the database keeps the one the engine would pick, whatever
    /// order they arrive in. Rows stored before have none and are replaced by the next snapshot of their
    /// instant, as before.
    static let renewalTieBreak = Migration(version: 8, name: "renewal_tie_break") { kind in
        ["ALTER TABLE renewal_infos ADD COLUMN tie_break \(kind == .sqlite ? "BLOB" : "BYTEA")"]
    }
}
