import PerennialSquare
import PerennialStoreModule

/// Reads an app's `square:` section: `{access_token, signature_keys: [current, previous?], notification_url,
/// environment: sandbox|production, api_base_url?, square_version?}`. The token and keys are best given as
/// `${ENVIRONMENT_VARIABLE}`s; they are sealed in the database and never logged. `notification_url` is the
/// webhook subscription's URL exactly as Square has it (`https://your-host/v1/square/webhooks/<app_id>`):
/// Square signs it with the body.
enum SquareSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> SquareSettings {
        try node.allowKeys(["access_token", "signature_keys", "notification_url", "environment", "api_base_url", "square_version"])
        let token = try node.requiredChild("access_token").token()
        let keysNode = try node.requiredChild("signature_keys")
        let keys = try keysNode.strings()
        guard (1...2).contains(keys.count), keys.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 256 }) else {
            throw keysNode.error("must list the current signature key, and the previous one while replacing it")
        }
        let url = try node.requiredChild("notification_url").httpURL()
        let environmentNode = try node.requiredChild("environment")
        let isProduction: Bool
        switch try environmentNode.string() {
        case "production": isProduction = true
        case "sandbox": isProduction = false
        default: throw environmentNode.error("must be sandbox or production")
        }
        var version = SquareAPIClient.defaultVersion
        if let versionNode = try node.child("square_version") {
            version = try versionNode.string()
            guard SquareTime.startOfDay(version, in: SquareTime.calendar(timezone: nil)) != nil else { throw versionNode.error("must be a date, YYYY-MM-DD") }
        }
        return SquareSettings(
            accessToken: token, signatureKeys: keys, notificationURL: url, isProduction: isProduction,
            apiBaseURL: try node.child("api_base_url")?.httpURL(), squareVersion: version)
    }
}
