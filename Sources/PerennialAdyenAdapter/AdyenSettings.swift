import PerennialAdyen
import PerennialServices

/// An app's `adyen:` settings: its API key and merchant account, the standard webhook's HMAC keys, where
/// the shopper returns after paying, and the plans Perennial charges on its own schedule (Adyen keeps no
/// subscriptions): each product's price and period, the retry days after a refused renewal, how long before
/// a period a renewal is charged, and how often subscriptions are checked for one due.
public struct AdyenSettings: Sendable, Hashable {
    public var apiKey: String
    /// The current HMAC key (hex), and the previous one while it is being replaced.
    public var hmacKeys: [String]
    public var merchantAccount: String
    public var isLive: Bool
    /// Adyen's Checkout API with its version (`…/v71`): the test platform's, the live platform's under the
    /// merchant's own prefix, or a simulator's in tests.
    public var apiBaseURL: String
    public var returnURL: String
    /// The plans by product id.
    public var plans: [String: AdyenPlan]
    public var retryDays: [Int]
    public var chargeAheadMinutes: Int
    public var renewalCheckMinutes: Int

    public init(
        apiKey: String, hmacKeys: [String], merchantAccount: String, isLive: Bool, apiBaseURL: String? = nil, returnURL: String,
        plans: [String: AdyenPlan], retryDays: [Int] = [1, 3, 7], chargeAheadMinutes: Int = 60, renewalCheckMinutes: Int = 15
    ) {
        self.apiKey = apiKey
        self.hmacKeys = hmacKeys
        self.merchantAccount = merchantAccount
        self.isLive = isLive
        self.apiBaseURL = apiBaseURL ?? AdyenAPIClient.testBaseURL
        self.returnURL = returnURL
        self.plans = plans
        self.retryDays = retryDays
        self.chargeAheadMinutes = chargeAheadMinutes
        self.renewalCheckMinutes = renewalCheckMinutes
    }

    /// The schedule of `productID`'s subscriptions; nil when no plan names it.
    public func schedule(productID: String) -> AdyenRenewalSchedule? {
        plans[productID].map {
            AdyenRenewalSchedule(period: $0.period, retryDays: retryDays, chargeAheadMilliseconds: Int64(chargeAheadMinutes) * 60_000)
        }
    }
}

extension AdyenSettings: StoreSettings {
    /// The API key and the HMAC keys.
    public var secrets: [String: [String]] { ["api_key": [apiKey], "hmac_keys": hmacKeys] }

    public func isSame(as other: any StoreSettings) -> Bool {
        (other as? AdyenSettings) == self
    }
}
