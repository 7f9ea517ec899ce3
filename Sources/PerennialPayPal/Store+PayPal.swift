import PerennialCore

extension Store {
    /// PayPal, for subscriptions sold on the web (Subscriptions API v1).
    public static let payPal = Store(rawValue: "paypal")!
}
