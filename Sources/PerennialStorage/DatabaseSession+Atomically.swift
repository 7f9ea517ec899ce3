import SQLKit

extension DatabaseSession {
    /// Runs `body` atomically, in a database transaction: commits when it returns, rolls back when it throws or when the task was
    /// cancelled. Inside another transaction of the same session, it becomes a savepoint.
    func atomically<Result: Sendable>(
        _ mode: AccessMode, _ body: @Sendable (DatabaseSession) async throws -> Result
    ) async throws -> Result {
        let (depth, savepoint) = enterNesting()
        defer { leaveNesting() }
        let name = "perennial_savepoint_\(savepoint)"
        let begin = depth == 1 ? mode.beginStatement(for: kind) : "SAVEPOINT \(name)"
        let commit = depth == 1 ? "COMMIT" : "RELEASE SAVEPOINT \(name)"
        let rollback = depth == 1 ? ["ROLLBACK"] : ["ROLLBACK TO SAVEPOINT \(name)", "RELEASE SAVEPOINT \(name)"]

        try await execute(begin)
        let deferredMark = deferredDeliveries.mark(), rollupMark = deferredRollupCells.mark(), statementMark = deferredStatements.mark()
        let result: Result
        do {
            result = try await body(self)
            try Task.checkCancellation()
        } catch {
            deferredDeliveries.rollBack(to: deferredMark)
            deferredRollupCells.rollBack(to: rollupMark)
            deferredStatements.rollBack(to: statementMark)
            await roll(back: rollback)
            throw error
        }
        do {
            if depth == 1 {
                try await SQLLedgerSession.insertDeferredRollupCells(of: self)
                try await SQLLedgerSession.insertDeferredDeliveries(of: self)
                try await runDeferredStatements()
            }
            // A commit already decided on must run even if the task is cancelled meanwhile. SQLite's writer
            // runs it on this thread whatever the task's state, with no task to wait for (see `SQLiteWriterDatabase`).
            if case .sqliteWriter = driver {
                try await execute(commit)
            } else {
                try await Self.shielded { try await self.execute(commit) }
            }
        } catch {
            deferredDeliveries.rollBack(to: deferredMark)
            deferredRollupCells.rollBack(to: rollupMark)
            deferredStatements.rollBack(to: statementMark)
            await roll(back: rollback)
            throw error
        }
        if depth == 1 {
            deferredDeliveries.reset()
            deferredRollupCells.reset()
            deferredStatements.reset()
        }
        return result
    }

    /// Runs one statement without results.
    func execute(_ statement: String) async throws {
        try await sql.raw("\(unsafeRaw: statement)").run()
    }

    /// Rolls back, even when the task is cancelled (SQLite's thread pool refuses work for cancelled tasks,
    /// which would leave the transaction open on the shared connection).
    private func roll(back statements: [String]) async {
        do {
            try await Self.shielded {
                for statement in statements { try await self.execute(statement) }
            }
        } catch {
            logger.error("Could not roll back a transaction; discarding the connection", metadata: [
                "error": "\(error)"
            ])
            markBroken()
        }
    }

    /// Runs `operation` in a task that does not inherit the caller's cancellation.
    static func shielded<Value: Sendable>(
        _ operation: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await Task { try await operation() }.value
    }

    /// Runs the statements the transaction deferred (`deferredStatements`): before it commits, and first thing in
    /// every statement that reads what they write.
    func runDeferredStatements() async throws {
        for statement in deferredStatements.takeWaiting() { try await sql.raw(statement).run() }
    }
}
