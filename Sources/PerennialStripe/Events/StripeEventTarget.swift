/// The object an event leads to, to be read from the API (the event's copy of it is never trusted): the
/// subscription it concerns, directly or through an invoice, a charge, a dispute or a Checkout Session.
public enum StripeEventTarget: Sendable, Hashable {
    case subscription(String)
    case invoice(String)
    case charge(String)
    case dispute(String)
    case checkoutSession(String)
    /// An event about nothing Perennial follows.
    case none

    /// The target of an event of `type` about `object`.
    public init(type: String, object: StripeEventObject) {
        let id = object.id
        switch object.object {
        case "subscription" where type.hasPrefix("customer.subscription."):
            self = id.map(Self.subscription) ?? .none
        case "invoice" where type.hasPrefix("invoice."):
            // `invoice.upcoming` previews an invoice that has no id yet: its subscription is the target.
            self = id.map(Self.invoice) ?? object.subscription.map(Self.subscription) ?? .none
        case "invoice_payment":
            self = object.invoice.map(Self.invoice) ?? .none
        case "charge" where type.hasPrefix("charge.refund") || type == "charge.succeeded" || type == "charge.updated":
            self = id.map(Self.charge) ?? .none
        case "refund":
            self = object.charge.map(Self.charge) ?? .none
        case "dispute":
            self = id.map(Self.dispute) ?? .none
        case "checkout.session" where type.hasPrefix("checkout.session."):
            self = id.map(Self.checkoutSession) ?? .none
        default:
            self = .none
        }
    }
}
