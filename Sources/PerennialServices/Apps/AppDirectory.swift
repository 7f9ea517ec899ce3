import PerennialCore

/// The apps this server serves, looked up by id or by API key.
public struct AppDirectory: Sendable {
    /// Which of an app's keys a request presented.
    public enum KeyRole: String, Sendable, Hashable {
        /// The app's public key: post purchases, read the customer it names.
        case `public`
        /// The team's secret key: everything about the app.
        case secret
    }

    /// Every app, sorted by id.
    public let apps: [AppSettings]
    private let byID: [ExactString: AppSettings]

    public init(apps: [AppSettings]) {
        self.apps = apps.sorted { $0.id < $1.id }
        byID = Dictionary(apps.map { (ExactString($0.id), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The app with this id, byte for byte.
    public func app(id: String) -> AppSettings? { byID[ExactString(id)] }

    /// The app a key belongs to and the key's role. Every key is compared in constant time, so the answer's
    /// timing says nothing about how close a guess was.
    public func authenticate(apiKey: String) -> (app: AppSettings, role: KeyRole)? {
        var match: (AppSettings, KeyRole)?
        for app in apps {
            if ConstantTime.equals(app.secretAPIKey, apiKey) { match = (app, .secret) }
            if ConstantTime.equals(app.publicAPIKey, apiKey) { match = (app, .public) }
        }
        return match
    }
}
