import PerennialServices

/// The Google Play connection of every app that has one, by app id.
public struct PlayConnections: Sendable {
    let byApp: [String: PlayAppConnection]

    public init(_ byApp: [String: PlayAppConnection]) {
        self.byApp = byApp
    }

    /// The app's connection; `google_play_not_configured` when it has none.
    public func connection(for app: AppSettings) throws -> PlayAppConnection {
        guard let connection = byApp[app.id] else {
            throw PerennialError(.googlePlayNotConfigured, "the app has no google settings")
        }
        return connection
    }

    public var isEmpty: Bool { byApp.isEmpty }
}
