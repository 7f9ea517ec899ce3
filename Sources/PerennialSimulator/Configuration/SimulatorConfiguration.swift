import PerennialCore

/// Everything the simulated App Store needs to know: the apps it sells for, and how its time runs.
///
/// Codable with snake_case keys, so it can be read from the server's YAML or JSON configuration:
/// ```yaml
/// time_scale: apple_sandbox        # or manual, or {factor: 60}
/// start_ms: 1700000000000          # optional; default: the wall clock at start
/// apps:
///   - bundle_id: com.example.app
///     shared_secret: s3cret
///     grace_period_days: 16
///     products:
///       - {id: pro.monthly, type: auto_renewable, subscription_group: pro, group_level: 1, period: month}
/// ```
public struct SimulatorConfiguration: Sendable, Hashable, Codable {
    public var apps: [SimulatorApp]
    /// Default `.appleSandbox`.
    public var timeScale: SimulatorTimeScale
    /// The simulated instant at start; nil (default): the wall clock's now.
    public var start: Instant?

    public init(apps: [SimulatorApp], timeScale: SimulatorTimeScale = .appleSandbox, start: Instant? = nil) {
        self.apps = apps
        self.timeScale = timeScale
        self.start = start
    }

    enum CodingKeys: String, CodingKey {
        case apps
        case timeScale = "time_scale"
        case start = "start_ms"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apps = try container.decodeIfPresent([SimulatorApp].self, forKey: .apps) ?? []
        timeScale = try container.decodeIfPresent(SimulatorTimeScale.self, forKey: .timeScale) ?? .appleSandbox
        start = try container.decodeIfPresent(Instant.self, forKey: .start)
    }

    /// The app with this bundle identifier.
    public func app(_ bundleID: String) -> SimulatorApp? { apps.first { $0.bundleID == bundleID } }
}
