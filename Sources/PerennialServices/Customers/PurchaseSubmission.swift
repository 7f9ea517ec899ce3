/// What became of a purchase an app sent (a receipt or a signed transaction).
public enum PurchaseSubmission: Sendable, Hashable {
    /// The store validated it and the customer is up to date.
    case validated(CustomerView)
    /// The store could not be reached; the purchase is queued and will be validated without the app retrying.
    /// The view is what was known before, if anything.
    case pending(CustomerView?)
}
