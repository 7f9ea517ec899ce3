import PerennialCore

extension Store {
    /// Square, for subscriptions sold on the web (Subscriptions, Invoices and Catalog APIs).
    public static let square = Store(rawValue: "square")!
}
