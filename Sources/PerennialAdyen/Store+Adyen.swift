import PerennialCore

extension Store {
    /// Adyen, for subscriptions sold on the web whose schedule Perennial runs itself (Adyen keeps the card,
    /// not the subscription).
    public static let adyen = Store(rawValue: "adyen")!
}
