import PerennialServices

/// What the HTTP layer needs from the rest of Perennial.
public struct HTTPDependencies: Sendable {
    public var apps: AppDirectory
    public var receipts: ReceiptService
    public var customers: CustomerService
    public var notifications: AppStoreNotificationService
    public var transactions: SignedTransactionService
    public var appStoreAdmin: AppStoreAdminService
    public var notificationInbox: any NotificationInbox
    public var offers: OfferService
    public var health: AppHealth
    /// `sqlite` or `postgresql`, shown by /health.
    public var databaseKind: String
    public var version: String

    public init(
        apps: AppDirectory, receipts: ReceiptService, customers: CustomerService,
        notifications: AppStoreNotificationService, transactions: SignedTransactionService,
        appStoreAdmin: AppStoreAdminService, notificationInbox: any NotificationInbox, offers: OfferService, health: AppHealth,
        databaseKind: String, version: String
    ) {
        self.apps = apps
        self.receipts = receipts
        self.customers = customers
        self.notifications = notifications
        self.transactions = transactions
        self.appStoreAdmin = appStoreAdmin
        self.notificationInbox = notificationInbox
        self.offers = offers
        self.health = health
        self.databaseKind = databaseKind
        self.version = version
    }
}
