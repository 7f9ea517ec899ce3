import PerennialServices
import PerennialStoreModule

/// Reads `server.rejected_notifications`: `max_count`, `max_bytes`, `max_age_days`.
enum RejectedNotificationsParser {
    static func parse(_ node: ConfigurationNode) throws -> RejectedNotificationRetention {
        try node.allowKeys(["max_count", "max_bytes", "max_age_days"])
        var retention = RejectedNotificationRetention()
        if let count = try node.child("max_count") { retention.maxCount = try count.positiveInteger() }
        if let bytes = try node.child("max_bytes") { retention.maxBytes = try bytes.positiveInteger() }
        if let days = try node.child("max_age_days") { retention.maxAge = .seconds(try days.positiveInteger() * 86_400) }
        return retention
    }
}
