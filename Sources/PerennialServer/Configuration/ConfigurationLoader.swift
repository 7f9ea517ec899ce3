import Foundation
import PerennialCore
import PerennialServices
import PerennialStorage
import PerennialStoreModule
import Yams

/// Reads the YAML configuration file, then applies environment variables (`PERENNIAL_HOST`, `PERENNIAL_PORT`,
/// `PERENNIAL_DATABASE`, `PERENNIAL_MASTER_KEY_FILE`, `PERENNIAL_MAX_BODY_BYTES`, `PERENNIAL_METRICS_TOKEN`,
/// `PERENNIAL_OWNER_TOKEN`); command-line flags are applied last by the caller.
/// Any problem stops startup with an error naming the file, the key and what is wrong.
public struct ConfigurationLoader: Sendable {
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    /// Loads `path`; with no path, `perennial.yaml` in the working directory if it exists, else no apps.
    public func load(path: String?) throws -> PerennialConfiguration {
        var configuration = PerennialConfiguration()
        let file = path ?? environment["PERENNIAL_CONFIG"] ?? (FileManager.default.fileExists(atPath: "perennial.yaml") ? "perennial.yaml" : nil)
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ConfigurationError(file: file, key: "", problem: "cannot read the file")
            }
            configuration = try parse(String(decoding: data, as: UTF8.self), file: file)
        }
        try applyEnvironment(to: &configuration.server, file: file ?? "environment")
        return configuration
    }

    /// Parses configuration text; `file` names it in errors.
    public func parse(_ text: String, file: String) throws -> PerennialConfiguration {
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else { return PerennialConfiguration() }
            root = node
        } catch {
            throw ConfigurationError(file: file, key: "", problem: "not valid YAML (\(error))")
        }
        let top = ConfigurationNode(node: root, path: "", file: file, environment: environment)
        try top.allowKeys(["server", "apps"])
        var configuration = PerennialConfiguration()
        if let server = try top.child("server") { configuration.server = try parseServer(server) }
        let apps = try top.child("apps")?.elements() ?? []
        configuration.apps = try apps.map(AppSettingsParser.parse)
        try AppSettingsParser.checkUnique(configuration.apps, nodes: apps)
        for (index, node) in apps.enumerated() {
            if let limits = try node.child("rate_limit") {
                configuration.apps[index].rateLimits = try RateLimitParser.parse(limits, base: configuration.server.rateLimits)
            }
            configuration.apps[index].revenue = try node.child("revenue").map(RevenueSettingsParser.parse) ?? StoreModules.defaultRevenue
            for module in StoreModules.all {
                if let key = module.settingsKey, let section = try node.child(key) {
                    configuration.apps[index].storeSettings[module.store] = try module.parseSettings(section)
                }
            }
            if let webhooks = try node.child("webhooks") {
                let endpoints = try webhooks.elements().map(WebhookSettingsParser.parseEndpoint)
                var ids: Set<String> = []
                for (endpoint, endpointNode) in zip(endpoints, try webhooks.elements()) where !ids.insert(endpoint.id).inserted {
                    throw endpointNode.error("webhook endpoint id \(endpoint.id) is used twice")
                }
                configuration.webhooks[configuration.apps[index].id] = endpoints
            }
        }
        if let settings = configuration.server.revenueCat, let node = try top.child("server")?.child("revenuecat") {
            try RevenueCatSettingsParser.check(
                settings, server: configuration.server, appIDs: Set(configuration.apps.map(\.id)), node: node)
        }
        return configuration
    }

    private func parseServer(_ node: ConfigurationNode) throws -> ServerSettings {
        try node.allowKeys([
            "host", "port", "database", "master_key_file", "previous_master_key_file", "jobs", "database_pool_size", "max_body_bytes", "rate_limit",
            "timeouts", "max_connections", "rejected_notifications", "trusted_proxy_header", "group_commit",
            "customer_cache", "purchase_patience_seconds", "webhooks", "metrics", "owner_token_file", "tracing", "revenuecat",
        ])
        var server = ServerSettings()
        if let host = try node.child("host") { server.host = try host.string() }
        if let port = try node.child("port") {
            server.port = try port.integer()
            guard (1...65535).contains(server.port) else { throw port.error("must be between 1 and 65535") }
        }
        if let database = try node.child("database") { server.databaseURL = try database.string() }
        if let keyFile = try node.child("master_key_file") { server.masterKeyFile = try keyFile.string() }
        if let previous = try node.child("previous_master_key_file") { server.previousMasterKeyFile = try previous.string() }
        if let jobs = try node.child("jobs") { server.jobs = try JobSettingsParser.parse(jobs) }
        if let webhooks = try node.child("webhooks") { server.webhooks = try WebhookSettingsParser.parseServer(webhooks) }
        if let metrics = try node.child("metrics") { server.metrics = try TelemetrySettingsParser.parse(metrics) }
        if let tracing = try node.child("tracing") { server.tracing = try TracingSettingsParser.parse(tracing) }
        if let revenueCat = try node.child("revenuecat") { server.revenueCat = try RevenueCatSettingsParser.parse(revenueCat) }
        if let owner = try node.child("owner_token_file") {
            server.ownerToken = try TokenParser.file(owner, minimumLength: ServerSettings.minimumOwnerTokenLength, what: "owner token")
        }
        if let pool = try node.child("database_pool_size") { server.databasePoolSize = try pool.positiveInteger() }
        if let cache = try node.child("customer_cache") { server.customerCache = try cache.boolean() }
        if let patience = try node.child("purchase_patience_seconds") {
            let seconds = try patience.positiveInteger()
            guard seconds <= 120 else { throw patience.error("must be 1 to 120") }
            server.purchasePatience = .seconds(seconds)
        }
        if let group = try node.child("group_commit") {
            try group.allowKeys(["max_batch", "max_wait_ms"])
            var settings = GroupCommitSettings()
            if let batch = try group.child("max_batch") {
                settings.maxBatch = try batch.positiveInteger()
                guard settings.maxBatch <= 1_000 else { throw batch.error("must be at most 1000") }
            }
            if let wait = try group.child("max_wait_ms") {
                let milliseconds = try wait.integer()
                guard (0...100).contains(milliseconds) else { throw wait.error("must be 0 to 100") }
                settings.maxWait = .milliseconds(milliseconds)
            }
            server.groupCommit = settings
        }
        if let limit = try node.child("max_body_bytes") {
            server.maxBodyBytes = try limit.positiveInteger()
            guard server.maxBodyBytes >= 1024 else { throw limit.error("must be at least 1024") }
        }
        if let limits = try node.child("rate_limit") { server.rateLimits = try RateLimitParser.parse(limits, base: server.rateLimits) }
        if let timeouts = try node.child("timeouts") { try ConnectionLimitsParser.parseTimeouts(timeouts, into: &server.connections) }
        if let maximum = try node.child("max_connections") {
            try ConnectionLimitsParser.parseMaxConnections(maximum, into: &server.connections)
        }
        if let retention = try node.child("rejected_notifications") {
            server.rejectedNotifications = try RejectedNotificationsParser.parse(retention)
        }
        if let header = try node.child("trusted_proxy_header") { server.trustedProxyHeader = try header.string() }
        return server
    }

    private func applyEnvironment(to server: inout ServerSettings, file: String) throws {
        if let host = environment["PERENNIAL_HOST"] { server.host = host }
        if let port = environment["PERENNIAL_PORT"] {
            guard let value = Int(port), (1...65535).contains(value) else {
                throw ConfigurationError(file: "environment", key: "PERENNIAL_PORT", problem: "must be a port number")
            }
            server.port = value
        }
        if let database = environment["PERENNIAL_DATABASE"] ?? environment["PERENNIAL_DATABASE_URL"] { server.databaseURL = database }
        if let keyFile = environment["PERENNIAL_MASTER_KEY_FILE"] { server.masterKeyFile = keyFile }
        if let token = try TokenParser.environment(
            "PERENNIAL_METRICS_TOKEN", in: environment, minimumLength: TelemetrySettings.minimumTokenLength, what: "metrics token") {
            server.metrics.token = token
        }
        if let token = try TokenParser.environment(
            "PERENNIAL_OWNER_TOKEN", in: environment, minimumLength: ServerSettings.minimumOwnerTokenLength, what: "owner token") {
            server.ownerToken = token
        }
        if let limit = environment["PERENNIAL_MAX_BODY_BYTES"] {
            guard let value = Int(limit), value >= 1024 else {
                throw ConfigurationError(file: "environment", key: "PERENNIAL_MAX_BODY_BYTES", problem: "must be a whole number of bytes, at least 1024")
            }
            server.maxBodyBytes = value
        }
    }
}
