import PerennialStripe

/// One app's Stripe settings (`stripe` in its configuration). Its description never shows the key or the
/// webhook secrets.
public struct StripeSettings: Sendable, Hashable, CustomStringConvertible {
    /// Where Checkout sends the customer back.
    public struct Checkout: Sendable, Hashable {
        /// After paying. Stripe replaces `{CHECKOUT_SESSION_ID}` in it with the session's id.
        public var successURL: String
        /// After leaving Checkout without paying.
        public var cancelURL: String
        /// The free trial, in days, a subscription started through Perennial's Checkout begins with when the
        /// customer never had a trial or introductory period of the product's group (on any store); nil: none.
        public var trialDays: Int?

        public init(successURL: String, cancelURL: String, trialDays: Int? = nil) {
            self.successURL = successURL
            self.cancelURL = cancelURL
            self.trialDays = trialDays
        }
    }

    /// The account's secret (or restricted) key, `sk_…`/`rk_…`.
    public var secretKey: StripeSecretKey
    /// The webhook endpoint's signing secrets, `whsec_…`: several while one is rolled.
    public var webhookSecrets: [String]
    /// Stripe's API host; nil: `https://api.stripe.com` (a simulator's in tests).
    public var apiBaseURL: String?
    /// The `Stripe-Version` to send; nil: the version the models are written for.
    public var apiVersion: String?
    /// How far a webhook's signing time may be from now, either way. Default 300 s.
    public var toleranceSeconds: Int
    /// What a customer keeps while a renewal's payment is retried. Default `.grace`.
    public var pastDueAccess: StripePastDueAccess
    /// Checkout's return URLs; nil: the app creates no Checkout Sessions through Perennial.
    public var checkout: Checkout?
    /// Where the billing portal returns when the request names no `return_url`.
    public var portalReturnURL: String?

    public init(
        secretKey: StripeSecretKey, webhookSecrets: [String], apiBaseURL: String? = nil, apiVersion: String? = nil,
        toleranceSeconds: Int = 300, pastDueAccess: StripePastDueAccess = .grace, checkout: Checkout? = nil,
        portalReturnURL: String? = nil
    ) {
        self.secretKey = secretKey
        self.webhookSecrets = webhookSecrets
        self.apiBaseURL = apiBaseURL
        self.apiVersion = apiVersion
        self.toleranceSeconds = toleranceSeconds
        self.pastDueAccess = pastDueAccess
        self.checkout = checkout
        self.portalReturnURL = portalReturnURL
    }

    public var description: String {
        "StripeSettings(\(secretKey.isLive ? "live" : "test") key, \(webhookSecrets.count) webhook secrets, past_due \(pastDueAccess.rawValue))"
    }
}
