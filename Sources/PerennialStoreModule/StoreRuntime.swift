import PerennialCore
import PerennialHTTP
import PerennialServices

/// A store's parts, built for the configured apps: its adapter, then the jobs and routes that use the
/// server's services.
public protocol StoreRuntime: Sendable {
    /// The store's adapter.
    var adapter: any StoreAdapter { get }

    /// The handlers of the store's own jobs (a purchase waiting for the store, a sweep, a pull).
    func jobHandlers(_ services: StoreServices) -> [any JobHandler]

    /// The store's own routes beside its notification endpoint (a purchase the app posts, admin calls).
    func routes(_ services: StoreServices) -> [any StoreRoutes]

    /// Signs the store's offers (the App Store's promotional offers), if it has any to sign.
    var offerSigner: (any OfferSigner)? { get }

    /// Sells on the web, for the web paywall's buttons, if the store does.
    var webCheckout: (any WebCheckout)? { get }

    /// The store's own actions support may take on one of its subscriptions from the dashboard.
    var supportActions: [any SupportAction] { get }

    /// Takes the purchases client SDKs send as one opaque token (RevenueCat's `fetch_token`), if the store
    /// has apps that send them.
    var sdkPurchaseIntake: (any SDKPurchaseIntake)? { get }

    /// The subscription a purchase exported from another backend names by the store's original transaction
    /// id (the App Store's original transaction id, Google Play's first order id, Stripe's subscription id),
    /// for re-reading it from the store (`StoreAdapter.currentFacts`); nil when the store cannot tell.
    func exportedSubscription(originalTransactionID: String, app: AppSettings) async throws -> SubscriptionKey?

    /// The store's background work while the server runs (the App Store's check of verifyReceipt
    /// endpoints), until cancelled.
    func run() async

    /// The store's one-off checks of the apps' set-up beside the adapter's `diagnose`, for `perennial
    /// doctor`; what they find goes to /health.
    func checkSetup() async
}

extension StoreRuntime {
    public var offerSigner: (any OfferSigner)? { nil }

    public var webCheckout: (any WebCheckout)? { nil }

    public var sdkPurchaseIntake: (any SDKPurchaseIntake)? { nil }

    public var supportActions: [any SupportAction] { [] }

    /// The store's own id: the subscription is keyed by its original transaction id.
    public func exportedSubscription(originalTransactionID: String, app: AppSettings) async throws -> SubscriptionKey? {
        SubscriptionKey(store: adapter.store, id: originalTransactionID)
    }

    public func run() async {}

    public func checkSetup() async {}

    public func jobHandlers(_ services: StoreServices) -> [any JobHandler] { [] }

    public func routes(_ services: StoreServices) -> [any StoreRoutes] { [] }
}
