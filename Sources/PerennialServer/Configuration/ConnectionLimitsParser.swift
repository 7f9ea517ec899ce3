import PerennialHTTP
import PerennialStoreModule

/// Reads `server.timeouts` (`header_seconds`, `body_seconds`, `keep_alive_seconds`) and
/// `server.max_connections` into `ConnectionLimits`.
enum ConnectionLimitsParser {
    static func parseTimeouts(_ node: ConfigurationNode, into limits: inout ConnectionLimits) throws {
        try node.allowKeys(["header_seconds", "body_seconds", "keep_alive_seconds"])
        if let header = try node.child("header_seconds") { limits.header = .seconds(try header.positiveInteger()) }
        if let body = try node.child("body_seconds") { limits.body = .seconds(try body.positiveInteger()) }
        if let keepAlive = try node.child("keep_alive_seconds") { limits.keepAlive = .seconds(try keepAlive.positiveInteger()) }
    }

    static func parseMaxConnections(_ node: ConfigurationNode, into limits: inout ConnectionLimits) throws {
        limits.maxConnections = try node.positiveInteger()
    }
}
