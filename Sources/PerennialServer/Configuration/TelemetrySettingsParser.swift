import Foundation

/// Reads `server.metrics`: `enabled` (default true) and `token_file`, a file holding the scrapers' token (its
/// surrounding whitespace ignored; at least 16 characters).
enum TelemetrySettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> TelemetrySettings {
        try node.allowKeys(["enabled", "token_file"])
        var settings = TelemetrySettings()
        if let enabled = try node.child("enabled") { settings.enabled = try enabled.boolean() }
        if let file = try node.child("token_file") {
            let path = try file.string()
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                throw file.error("cannot read \(path)")
            }
            settings.token = try checked(text.trimmingCharacters(in: .whitespacesAndNewlines)) { file.error($0) }
        }
        return settings
    }

    /// The token, or the error `refuse` makes when it is too short to keep anyone out.
    static func checked(_ token: String, refuse: (String) -> ConfigurationError) throws -> String {
        guard token.count >= TelemetrySettings.minimumTokenLength else {
            throw refuse("the metrics token must be at least \(TelemetrySettings.minimumTokenLength) characters")
        }
        return token
    }
}
