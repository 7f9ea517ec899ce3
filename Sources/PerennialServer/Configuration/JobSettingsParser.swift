import PerennialServices
import PerennialStoreModule

/// Reads `server.jobs`: `max_attempts`, `backoff_base_seconds`, `backoff_max_seconds`, `lease_seconds`.
enum JobSettingsParser {
    static func parse(_ node: ConfigurationNode) throws -> JobRetryPolicy {
        try node.allowKeys(["max_attempts", "backoff_base_seconds", "backoff_max_seconds", "lease_seconds"])
        var policy = JobRetryPolicy()
        if let attempts = try node.child("max_attempts") { policy.maximumAttempts = try attempts.positiveInteger() }
        if let base = try node.child("backoff_base_seconds") { policy.base = .seconds(try base.positiveInteger()) }
        if let maximum = try node.child("backoff_max_seconds") { policy.maximum = .seconds(try maximum.positiveInteger()) }
        if let lease = try node.child("lease_seconds") { policy.lease = .seconds(try lease.positiveInteger()) }
        guard policy.maximum >= policy.base else { throw node.error("backoff_max_seconds must not be less than backoff_base_seconds") }
        return policy
    }
}
