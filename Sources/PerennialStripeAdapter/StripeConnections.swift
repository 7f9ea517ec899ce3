import PerennialServices

/// The Stripe connection of every app that has one, by app id.
public struct StripeConnections: Sendable {
    let byApp: [String: StripeAppConnection]

    public init(_ byApp: [String: StripeAppConnection]) {
        self.byApp = byApp
    }

    /// The app's connection; `stripe_not_configured` when it has none.
    public func connection(for app: AppSettings) throws -> StripeAppConnection {
        guard let connection = byApp[app.id] else {
            throw PerennialError(.stripeNotConfigured, "the app has no stripe settings")
        }
        return connection
    }

    public var isEmpty: Bool { byApp.isEmpty }
}
