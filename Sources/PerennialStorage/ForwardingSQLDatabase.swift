import Logging
import NIOCore
import SQLKit

/// An SQL database that wraps another (`base`) and changes only how statements run: its logger, event loop,
/// version, dialect and query logging are the base's, and a session of it is itself.
protocol ForwardingSQLDatabase: SQLDatabase {
    var base: any SQLDatabase { get }
}

extension ForwardingSQLDatabase {
    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await closure(self)
    }
}
