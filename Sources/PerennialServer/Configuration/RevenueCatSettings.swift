/// The RevenueCat-compatible listener (`server.revenuecat`): the port RevenueCat's SDKs are pointed at
/// (`Purchases.proxyURL`), and the apps whose keys it accepts.
public struct RevenueCatSettings: Sendable, Hashable {
    /// The port, on `server.host`; not `server.port`.
    public var port: Int
    /// The ids of the apps served; every configured app when the key is absent.
    public var apps: [String]?

    public init(port: Int, apps: [String]? = nil) {
        self.port = port
        self.apps = apps
    }
}
