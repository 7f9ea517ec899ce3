import PerennialServices

extension ConfigurationNode {
    /// A store section's `status_polling` (`{enabled?, interval_minutes?, lookahead_hours?,
    /// recently_ended_hours?, requests_per_second?}`); nil when absent or disabled.
    public func statusPolling() throws -> StatusPollingSettings? {
        guard let polling = try child("status_polling"), try polling.child("enabled")?.boolean() ?? true else { return nil }
        try polling.allowKeys(["enabled", "interval_minutes", "lookahead_hours", "recently_ended_hours", "requests_per_second"])
        var value = StatusPollingSettings()
        if let interval = try polling.child("interval_minutes") { value.criteria.interval = .seconds(try interval.positiveInteger() * 60) }
        if let lookahead = try polling.child("lookahead_hours") { value.criteria.lookahead = .seconds(try lookahead.positiveInteger() * 3600) }
        if let ended = try polling.child("recently_ended_hours") { value.criteria.recentlyEnded = .seconds(try ended.positiveInteger() * 3600) }
        if let pace = try polling.child("requests_per_second") { value.requestsPerSecond = try pace.positiveInteger() }
        return value
    }
}
