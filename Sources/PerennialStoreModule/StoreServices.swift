import PerennialServices

/// The server's services a store's jobs and routes use, made after every store's adapter exists.
public struct StoreServices: Sendable {
    /// The apps being served.
    public var apps: AppDirectory
    /// Stores notifications and ingests them (a store that pulls its notifications hands them here).
    public var notifications: StoreNotificationService
    /// Ingests facts for their owners.
    public var ingestor: FactIngestor

    public init(apps: AppDirectory, notifications: StoreNotificationService, ingestor: FactIngestor) {
        self.apps = apps
        self.notifications = notifications
        self.ingestor = ingestor
    }
}
