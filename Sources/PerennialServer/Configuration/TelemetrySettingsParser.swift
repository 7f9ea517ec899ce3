import PerennialStoreModule

/// Reads `server.metrics`: `enabled` (default true) and `token_file`, a file holding the scrapers' token (its
/// surrounding whitespace ignored; at least 16 characters).
enum TelemetrySettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> TelemetrySettings {
        try node.allowKeys(["enabled", "token_file"])
        var settings = TelemetrySettings()
        if let enabled = try node.child("enabled") { settings.enabled = try enabled.boolean() }
        if let file = try node.child("token_file") {
            settings.token = try TokenParser.file(file, minimumLength: TelemetrySettings.minimumTokenLength, what: "metrics token")
        }
        return settings
    }
}
