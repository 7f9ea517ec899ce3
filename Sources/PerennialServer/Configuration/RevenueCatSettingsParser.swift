import PerennialStoreModule

/// Reads `server.revenuecat`: `port` (required, 1 to 65535) and `apps` (a list of app ids).
enum RevenueCatSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> RevenueCatSettings {
        try node.allowKeys(["port", "apps"])
        let portNode = try node.requiredChild("port")
        let port = try portNode.integer()
        guard (1...65535).contains(port) else { throw portNode.error("must be between 1 and 65535") }
        var settings = RevenueCatSettings(port: port)
        if let apps = try node.child("apps") {
            settings.apps = try apps.strings()
            guard !(settings.apps ?? []).isEmpty else { throw apps.error("must name at least one app") }
        }
        return settings
    }

    /// Checks the settings against the rest of the configuration: another port than the main listener's,
    /// and only apps that are configured.
    static func check(_ settings: RevenueCatSettings, server: ServerSettings, appIDs: Set<String>, node: ConfigurationNode) throws {
        if settings.port == server.port {
            throw (try node.child("port") ?? node).error("must differ from server.port: the SDKs call /v1/… at the root, where Perennial's own API is")
        }
        for id in settings.apps ?? [] where !appIDs.contains(id) {
            throw (try node.child("apps") ?? node).error("names app \(id), which is not configured")
        }
    }
}
