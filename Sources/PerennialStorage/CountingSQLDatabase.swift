import NIOCore
import SQLKit

/// A session's SQL database that counts each statement it runs (`StatementCounter`), times it
/// (`StatementTiming`) and hands it on.
struct CountingSQLDatabase: ForwardingSQLDatabase {
    let base: any SQLDatabase
    let kind: DatabaseKind
    let timing: StatementTiming

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        StatementCounter.note(kind)
        let started = ContinuousClock.now
        return base.execute(sql: query, onRow).always { [timing, kind] _ in timing.statementEnded(kind, startedAt: started) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        StatementCounter.note(kind)
        let started = ContinuousClock.now
        defer { timing.statementEnded(kind, startedAt: started) }
        try await base.execute(sql: query, onRow)
    }
}
