import PerennialCore

/// A store that sells on the web, as the web paywall uses it: a hosted payment page for one customer and
/// product. Access comes later, from the store's own notifications; nothing is granted here.
public protocol WebCheckout: Sendable {
    /// The store whose products it sells (a package names its product under this store's name).
    var store: Store { get }

    /// The address of a new payment page where `appUserID` buys `productID`.
    func checkoutURL(app: AppSettings, appUserID: String, productID: String) async throws -> String
}
