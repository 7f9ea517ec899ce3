import PerennialCore

/// Who asks the simulated App Store Server API, and which environment's data it reaches: the app its
/// bearer token names, and the environment of the path prefix (`/sandbox/inApps/…`, `/production/inApps/…`;
/// none: both).
struct ServerAPIScope: Sendable {
    var app: SimulatorApp
    var environment: StoreEnvironment?

    /// Whether data of this app and environment is within reach.
    func reaches(bundleID: String, environment: StoreEnvironment) -> Bool {
        bundleID == app.bundleID && (self.environment == nil || self.environment == environment)
    }
}
