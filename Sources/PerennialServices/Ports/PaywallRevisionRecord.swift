import PerennialCore

/// One stored revision of an app's paywall document. Never changed once stored.
public struct PaywallRevisionRecord: Sendable, Hashable {
    public var appID: String
    public var revision: Int
    /// The document as JSON; empty in lists.
    public var document: String
    /// What the change was (`rollback to 3`, `start onboarding-2026`, or the team's own words).
    public var note: String
    public var createdAt: Instant

    public init(appID: String, revision: Int, document: String, note: String, createdAt: Instant) {
        self.appID = appID
        self.revision = revision
        self.document = document
        self.note = note
        self.createdAt = createdAt
    }
}
