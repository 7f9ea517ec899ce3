import PerennialCore
import Synchronization

/// The apps this server serves, looked up by id or by API key. One directory is shared by every service of
/// a running server: a configuration reload replaces its apps at once, for all of them (`replace(with:)`).
public final class AppDirectory: Sendable {
    /// Which of an app's keys a request presented.
    public enum KeyRole: String, Sendable, Hashable {
        /// The app's public key: post purchases, read the customer it names.
        case `public`
        /// The team's secret key: everything about the app.
        case secret
    }

    /// One generation of apps: replaced whole, never edited, so a reader sees either the old apps or the new.
    private struct Snapshot: Sendable {
        let apps: [AppSettings]
        let byID: [ExactString: AppSettings]

        init(_ apps: [AppSettings]) {
            self.apps = apps.sorted { $0.id < $1.id }
            byID = Dictionary(apps.map { (ExactString($0.id), $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    private let current: Mutex<Snapshot>

    public init(apps: [AppSettings]) {
        current = Mutex(Snapshot(apps))
    }

    /// Every app, sorted by id.
    public var apps: [AppSettings] { current.withLock { $0.apps } }

    /// The app with this id, byte for byte.
    public func app(id: String) -> AppSettings? {
        current.withLock { $0.byID[ExactString(id)] }
    }

    /// Replaces every app at once (a configuration reload): lookups that follow see only the new apps.
    public func replace(with apps: [AppSettings]) {
        let snapshot = Snapshot(apps)
        current.withLock { $0 = snapshot }
    }

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
