import PerennialAdyen
import PerennialCore
import PerennialServices

/// One app's way to Adyen: its settings, its Checkout API client, and its webhook verifier.
public struct AdyenConnection: Sendable {
    public let settings: AdyenSettings
    public let client: AdyenAPIClient
    let verifier: AdyenNotificationVerifier?

    public init(settings: AdyenSettings, client: AdyenAPIClient) {
        self.settings = settings
        self.client = client
        verifier = AdyenNotificationVerifier(hexKeys: settings.hmacKeys, merchantAccount: settings.merchantAccount)
    }

    var environment: StoreEnvironment { settings.isLive ? .production : .sandbox }

    /// How a subscription's payments become facts: its product's plan; nil when the id is not one of
    /// Perennial's or no plan names its product any more.
    func facts(of subscriptionID: String) -> AdyenPaymentFacts? {
        guard let product = AdyenSubscriptionID.productID(of: subscriptionID), let schedule = settings.schedule(productID: product) else { return nil }
        return AdyenPaymentFacts(subscriptionID: subscriptionID, productID: product, environment: environment, schedule: schedule)
    }
}
