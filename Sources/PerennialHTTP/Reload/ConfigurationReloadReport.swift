import Hummingbird

/// What a configuration reload did: the apps now served, which of them came, went or changed, and the
/// settings that changed in the file but wait for a restart (the running value stays until then).
public struct ConfigurationReloadReport: Sendable, Hashable, ResponseEncodable {
    /// Every app served after the reload, by id.
    public var apps: [String]
    public var added: [String]
    public var removed: [String]
    /// Apps served before and after whose settings differ.
    public var changed: [String]
    /// The settings that differ in the file but take effect only at the next start, by their key in the
    /// file (`server.port`, `apps.<id>.apple`, …).
    public var restartRequired: [String]

    public init(apps: [String], added: [String], removed: [String], changed: [String], restartRequired: [String]) {
        self.apps = apps
        self.added = added
        self.removed = removed
        self.changed = changed
        self.restartRequired = restartRequired
    }

    enum CodingKeys: String, CodingKey {
        case apps, added, removed, changed
        case restartRequired = "restart_required"
    }
}
