/// The server's settings a reload cannot change: each is read once, when the listener, the database, the
/// pools, the runners and the routes are made. A reload that finds one changed keeps the running value and
/// names its key, so the operator knows a restart is due.
enum RestartOnlySettings {
    private struct Setting {
        let key: String
        let differs: @Sendable (ServerSettings, ServerSettings) -> Bool
    }

    private static func setting<Value: Equatable & Sendable>(_ key: String, _ read: @escaping @Sendable (ServerSettings) -> Value) -> Setting {
        Setting(key: key) { read($0) != read($1) }
    }

    private static let settings: [Setting] = [
        setting("server.host") { $0.host },
        setting("server.port") { $0.port },
        setting("server.database") { $0.databaseURL },
        setting("server.master_key_file") { $0.masterKeyFile },
        setting("server.previous_master_key_file") { $0.previousMasterKeyFile },
        setting("server.database_pool_size") { $0.databasePoolSize },
        setting("server.group_commit") { $0.groupCommit },
        setting("server.customer_cache") { $0.customerCache },
        setting("server.webhooks") { $0.webhooks },
        setting("server.jobs") { $0.jobs },
        setting("server.max_body_bytes") { $0.maxBodyBytes },
        setting("server.rate_limit") { $0.rateLimits },
        setting("server.timeouts and server.max_connections") { $0.connections },
        setting("server.rejected_notifications") { $0.rejectedNotifications },
        setting("server.trusted_proxy_header") { $0.trustedProxyHeader },
        setting("server.purchase_patience_seconds") { $0.purchasePatience },
        setting("server.metrics") { $0.metrics },
        setting("server.owner_token_file") { $0.ownerToken },
        setting("server.tracing") { $0.tracing },
        setting("server.revenuecat") { $0.revenueCat },
    ]

    /// How many settings are listed (a test checks it against `ServerSettings`'s stored properties).
    static var count: Int { settings.count }

    /// The keys of the settings that differ between the running server's and the file's.
    static func differences(running: ServerSettings, file: ServerSettings) -> [String] {
        settings.filter { $0.differs(running, file) }.map(\.key)
    }
}
