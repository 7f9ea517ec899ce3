/// What became of a receipt an app sent.
public enum ReceiptSubmission: Sendable, Hashable {
    /// Apple validated it and the customer is up to date.
    case validated(CustomerView)
    /// Apple could not be reached; the receipt is queued and will be validated without the app retrying.
    /// The view is what was known before, if anything.
    case pending(CustomerView?)
}
