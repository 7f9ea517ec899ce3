/// What Perennial asks of a Checkout Session: a subscription to one price, quantity 1, for an app user
/// whose id travels in the session's `client_reference_id` and in the metadata of the session and of the
/// subscription it creates (so any later event leads back to the customer).
public struct StripeCheckoutSessionRequest: Sendable, Hashable {
    public var priceID: String
    public var appUserID: String
    /// The customer's Stripe customer, when one is known (Stripe makes one otherwise).
    public var customerID: String?
    public var successURL: String
    public var cancelURL: String
    /// The free trial the subscription starts with, in days; nil: none.
    public var trialDays: Int?

    public init(
        priceID: String, appUserID: String, customerID: String? = nil, successURL: String, cancelURL: String, trialDays: Int? = nil
    ) {
        self.priceID = priceID
        self.appUserID = appUserID
        self.customerID = customerID
        self.successURL = successURL
        self.cancelURL = cancelURL
        self.trialDays = trialDays
    }

    /// Stripe's longest `client_reference_id`.
    static let clientReferenceLimit = 200

    /// The form parameters of `POST /v1/checkout/sessions`.
    var parameters: StripeFormParameters {
        var parameters: StripeFormParameters = [
            "mode": "subscription",
            "line_items[0][price]": priceID,
            "line_items[0][quantity]": "1",
            "success_url": successURL,
            "cancel_url": cancelURL,
            "metadata[\(StripeMetadataKey.appUserID)]": appUserID,
            "subscription_data[metadata][\(StripeMetadataKey.appUserID)]": appUserID,
        ]
        parameters.append("customer", customerID)
        parameters.append("subscription_data[trial_period_days]", trialDays.map(String.init))
        if appUserID.count <= Self.clientReferenceLimit { parameters.append("client_reference_id", appUserID) }
        return parameters
    }
}
