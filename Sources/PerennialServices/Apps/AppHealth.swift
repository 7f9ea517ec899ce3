import PerennialCore

/// Problems with an app's configuration that only the stores can reveal, kept so that /health can show
/// them: those seen while serving (Apple rejecting its shared secret), and those the doctor found
/// (`AppDoctor`), which each of its checks replaces.
public actor AppHealth {
    /// One problem: a stable code, a message, how to fix it when known, the store it is about, and when it
    /// was last seen.
    public struct Problem: Sendable, Hashable {
        public var code: String
        public var message: String
        public var fix: String?
        public var store: Store?
        public var lastSeenAt: Instant

        public init(code: String, message: String, fix: String? = nil, store: Store? = nil, lastSeenAt: Instant) {
            self.code = code
            self.message = message
            self.fix = fix
            self.store = store
            self.lastSeenAt = lastSeenAt
        }
    }

    private var problems: [String: [String: Problem]] = [:]
    private var diagnosed: [String: [Problem]] = [:]

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

    /// Replaces what the doctor last found for an app.
    public func replaceDiagnoses(appID: String, _ diagnoses: [StoreDiagnosis], at instant: Instant) {
        diagnosed[appID] = diagnoses.isEmpty ? nil : diagnoses.map {
            Problem(code: $0.code, message: $0.problem, fix: $0.fix, store: $0.store, lastSeenAt: instant)
        }
    }

    /// Current problems by app id, each list sorted by code (a code seen while serving wins over the
    /// doctor's same code).
    public func current() -> [String: [Problem]] {
        var merged = diagnosed.mapValues { list in Dictionary(list.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first }) }
        for (appID, seen) in problems { merged[appID, default: [:]].merge(seen) { _, serving in serving } }
        return merged.filter { !$0.value.isEmpty }.mapValues { $0.values.sorted { $0.code < $1.code } }
    }
}
