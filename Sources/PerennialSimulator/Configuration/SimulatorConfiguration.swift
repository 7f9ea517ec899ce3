import PerennialCore

/// Everything the simulated App Store needs to know: the apps it sells for, and how its time runs.
///
/// Codable with snake_case keys, so it can be read from the server's YAML or JSON configuration:
/// ```yaml
/// time_scale: apple_sandbox        # or manual, or {factor: 60}
/// start_ms: 1700000000000          # optional; default: the wall clock at start
/// signing_seed: my-dev-seed         # optional: the same keys (and root) at every start
/// apps:
///   - bundle_id: com.example.app
///     shared_secret: s3cret
///     grace_period_days: 16
///     app_apple_id: 1234567890
///     notification_url: http://127.0.0.1:8080/v1/apple/notifications      # version 2
///     notification_url_v1: http://127.0.0.1:8080/v1/apple/notifications/v1
///     server_api: {issuer_id: "…", key_id: ABC123, public_key_pem: "-----BEGIN PUBLIC KEY-----…"}
///     products:
///       - {id: pro.monthly, type: auto_renewable, subscription_group: pro, group_level: 1, period: month, price: 9.99}
/// ```
public struct SimulatorConfiguration: Sendable, Hashable, Codable {
    public var apps: [SimulatorApp]
    /// Default `.appleSandbox`.
    public var timeScale: SimulatorTimeScale
    /// The simulated instant at start; nil (default): the wall clock's now.
    public var start: Instant?
    /// Derives the signing keys (root, intermediate, leaf) from this text, so the root stays the same from
    /// one start to the next and a Perennial configuration can trust it for good. Nil (default): fresh
    /// random keys at every start.
    public var signingSeed: String?

    public init(
        apps: [SimulatorApp], timeScale: SimulatorTimeScale = .appleSandbox, start: Instant? = nil,
        signingSeed: String? = nil
    ) {
        self.apps = apps
        self.timeScale = timeScale
        self.start = start
        self.signingSeed = signingSeed
    }

    enum CodingKeys: String, CodingKey {
        case apps
        case timeScale = "time_scale"
        case start = "start_ms"
        case signingSeed = "signing_seed"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        apps = try container.decodeIfPresent([SimulatorApp].self, forKey: .apps) ?? []
        timeScale = try container.decodeIfPresent(SimulatorTimeScale.self, forKey: .timeScale) ?? .appleSandbox
        start = try container.decodeIfPresent(Instant.self, forKey: .start)
        signingSeed = try container.decodeIfPresent(String.self, forKey: .signingSeed)
    }

    /// The app with this bundle identifier.
    public func app(_ bundleID: String) -> SimulatorApp? { apps.first { $0.bundleID == bundleID } }
}
