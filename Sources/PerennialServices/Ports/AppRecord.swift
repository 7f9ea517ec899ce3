import Foundation
import PerennialCore

/// An app as stored in the database: its identity and its store credentials, sealed.
public struct AppRecord: Sendable, Hashable {
    public var id: String
    public var bundleID: String
    /// The app's store credentials (shared secrets …) sealed with `SecretBox`; never stored in clear.
    public var sealedCredentials: Data
    public var updatedAt: Instant

    public init(id: String, bundleID: String, sealedCredentials: Data, updatedAt: Instant) {
        self.id = id
        self.bundleID = bundleID
        self.sealedCredentials = sealedCredentials
        self.updatedAt = updatedAt
    }
}
