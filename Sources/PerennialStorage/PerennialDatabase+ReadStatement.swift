extension PerennialDatabase {
    /// Runs `body`, which reads with a single statement and needs no transaction (one statement sees one
    /// consistent snapshot on SQLite and PostgreSQL), on the cheapest session: a read-only connection of an
    /// SQLite file, a pooled PostgreSQL connection without `BEGIN`/`COMMIT`, or the session the task already
    /// holds (inside a ledger write, say), whose uncommitted writes the read then sees.
    func withReadStatement<Result: Sendable>(
        _ body: @escaping @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        let ownerID = ObjectIdentifier(self)
        // The statement makes no other storage call, so the reader's session need not be published.
        if !holdsSession, case .sqlite(let sqlite) = backend,
           let result = try await sqlite.withReadSession(ownerID: ownerID, body)
        {
            return result
        }
        return try await withSession(body)
    }

    /// Whether the current task holds a session of this database (inside a ledger write, say), whose
    /// uncommitted writes its reads must see.
    var holdsSession: Bool {
        DatabaseSession.current.map { $0.ownerID == ObjectIdentifier(self) && $0.isActive } ?? false
    }
}
