import PerennialCore

/// Problems with an app's configuration that only the stores can reveal (Apple rejecting its shared
/// secret), kept so that /health can show them.
public actor AppHealth {
    /// One problem: a stable code, a message, and when it was last seen.
    public struct Problem: Sendable, Hashable {
        public var code: String
        public var message: String
        public var lastSeenAt: Instant
    }

    private var problems: [String: [String: Problem]] = [:]

    public init() {}

    /// Records (or refreshes) a problem of an app.
    public func report(appID: String, code: String, message: String, at instant: Instant) {
        problems[appID, default: [:]][code] = Problem(code: code, message: message, lastSeenAt: instant)
    }

    /// Clears a problem once the store accepts the app again.
    public func clear(appID: String, code: String) {
        problems[appID]?[code] = nil
        if problems[appID]?.isEmpty == true { problems[appID] = nil }
    }

    /// Current problems by app id, each list sorted by code.
    public func current() -> [String: [Problem]] {
        problems.mapValues { $0.values.sorted { $0.code < $1.code } }
    }
}
