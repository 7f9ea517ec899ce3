import PerennialAppStoreAdapter
import PerennialServices
import PerennialStoreModule

/// Reads the `status_polling` and `notification_catch_up` settings of an app's `apple` section. A section
/// turns its feature on; `enabled: false` turns it off again.
enum MaintenanceParser {
    static func parse(_ node: ConfigurationNode, into settings: inout AppleSettings) throws {
        settings.statusPolling = try node.statusPolling()
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
}
