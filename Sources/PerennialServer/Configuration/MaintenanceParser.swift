import PerennialServices
import PerennialStoreModule

/// Reads an app's `status_polling` and `notification_catch_up` settings (under `apple`; `status_polling` also
/// under `google`). A section turns
/// its feature on; `enabled: false` turns it off again.
enum MaintenanceParser {
    static func parse(_ node: ConfigurationNode, into settings: inout AppleSettings) throws {
        settings.statusPolling = try statusPolling(node)
        if let catchUp = try node.child("notification_catch_up"), try catchUp.child("enabled")?.boolean() ?? true {
            try catchUp.allowKeys(["enabled", "interval_minutes", "initial_window_hours", "overlap_minutes"])
            var value = NotificationCatchUpSettings()
            if let interval = try catchUp.child("interval_minutes") { value.interval = .seconds(try interval.positiveInteger() * 60) }
            if let window = try catchUp.child("initial_window_hours") { value.initialWindow = .seconds(try window.positiveInteger() * 3600) }
            if let overlap = try catchUp.child("overlap_minutes") { value.overlap = .seconds(try overlap.positiveInteger() * 60) }
            settings.notificationCatchUp = value
        }
        if settings.notificationCatchUp != nil, settings.serverAPI == nil {
            throw node.error("notification_catch_up needs server_api credentials to read the notification history")
        }
    }

    /// A store section's `status_polling` (the App Store's, Google Play's); nil when absent or disabled.
    static func statusPolling(_ node: ConfigurationNode) throws -> StatusPollingSettings? {
        guard let polling = try node.child("status_polling"), try polling.child("enabled")?.boolean() ?? true else { return nil }
        try polling.allowKeys(["enabled", "interval_minutes", "lookahead_hours", "recently_ended_hours", "requests_per_second"])
        var value = StatusPollingSettings()
        if let interval = try polling.child("interval_minutes") { value.criteria.interval = .seconds(try interval.positiveInteger() * 60) }
        if let lookahead = try polling.child("lookahead_hours") { value.criteria.lookahead = .seconds(try lookahead.positiveInteger() * 3600) }
        if let ended = try polling.child("recently_ended_hours") { value.criteria.recentlyEnded = .seconds(try ended.positiveInteger() * 3600) }
        if let pace = try polling.child("requests_per_second") { value.requestsPerSecond = try pace.positiveInteger() }
        return value
    }
}
