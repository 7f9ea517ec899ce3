import PerennialServices
import PerennialStorage
import PerennialTesting
import Testing

/// What `/metrics` reads of the database: connections lent out (SQLite's readers on a file, PostgreSQL's
/// pool) and writes waiting, idle and inside a session.
@Suite("Database load")
struct DatabaseLoadTests {
    @Test(arguments: TestDatabase.available)
    func aSessionHoldsAConnectionUntilItEnds(database: TestDatabase) async throws {
        try await database.withDatabase { connection in
            let idle = await connection.load()
            #expect(idle.writesWaiting == 0)
            let during = try await SQLLedger(database: connection).read { _ in await connection.load() }
            guard let connections = idle.connections else { return }
            #expect(connections >= 1)
            #expect(idle.connectionsInUse == 0)
            #expect(during.connectionsInUse == 1)
            if connection.kind == .postgresql { #expect(during.sessionsWaiting == 0) }
            #expect(await connection.load().connectionsInUse == 0)
        }
    }
}
