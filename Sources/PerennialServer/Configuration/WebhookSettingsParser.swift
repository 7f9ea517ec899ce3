import PerennialServices
import PerennialStoreModule

/// Reads `server.webhooks` (how webhooks are sent) and an app's `webhooks:` list (endpoints the file defines).
enum WebhookSettingsParser {
    /// `timeout_seconds` (1–60), `retry_window_hours` (1–168), `first_retry_seconds`, `max_retry_seconds`,
    /// `allow_private_addresses`, `workers` (1–64).
    static func parseServer(_ node: ConfigurationNode) throws -> WebhookSettings {
        try node.allowKeys([
            "timeout_seconds", "retry_window_hours", "first_retry_seconds", "max_retry_seconds", "allow_private_addresses", "workers",
        ])
        var settings = WebhookSettings()
        if let timeout = try node.child("timeout_seconds") {
            let seconds = try timeout.positiveInteger()
            guard seconds <= 60 else { throw timeout.error("must be 1 to 60") }
            settings.timeout = .seconds(seconds)
        }
        if let window = try node.child("retry_window_hours") {
            let hours = try window.positiveInteger()
            guard hours <= 168 else { throw window.error("must be 1 to 168") }
            settings.retryWindow = .seconds(hours * 3600)
        }
        if let first = try node.child("first_retry_seconds") { settings.firstRetryDelay = .seconds(try first.positiveInteger()) }
        if let maximum = try node.child("max_retry_seconds") { settings.maximumRetryDelay = .seconds(try maximum.positiveInteger()) }
        guard settings.maximumRetryDelay >= settings.firstRetryDelay else {
            throw node.error("max_retry_seconds must not be less than first_retry_seconds")
        }
        if let allow = try node.child("allow_private_addresses") { settings.allowsPrivateAddresses = try allow.boolean() }
        if let workers = try node.child("workers") {
            settings.workers = try workers.positiveInteger()
            guard settings.workers <= 64 else { throw workers.error("must be 1 to 64") }
        }
        return settings
    }

    /// One endpoint of an app's `webhooks:` list: `id`, `url`, `secret` (`whsec_…`), and optionally `kinds`,
    /// `enabled`, `headers`, `description`.
    static func parseEndpoint(_ node: ConfigurationNode) throws -> ConfiguredWebhookEndpoint {
        try node.allowKeys(["id", "url", "secret", "kinds", "enabled", "headers", "description"])
        let idNode = try node.requiredChild("id")
        let id = try idNode.string()
        guard (1...64).contains(id.count), id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else {
            throw idNode.error("must be 1 to 64 letters, digits, - or _")
        }
        let secretNode = try node.requiredChild("secret")
        guard let secret = WebhookSigningSecret(text: try secretNode.string()) else {
            throw secretNode.error("must be whsec_ followed by the base64 of 24 to 64 bytes")
        }
        var headers: [String: String]?
        if let headerNode = try node.child("headers") { headers = try headerNode.stringMap() }
        let input = WebhookEndpointInput(
            url: try node.requiredChild("url").string(), kinds: try node.child("kinds")?.strings(),
            isEnabled: try node.child("enabled")?.boolean(), headers: headers, description: try node.child("description")?.string())
        do {
            try input.validate()
        } catch let error as PerennialError {
            throw node.error(error.message)
        }
        return ConfiguredWebhookEndpoint(id: id, input: input, secret: secret)
    }
}
