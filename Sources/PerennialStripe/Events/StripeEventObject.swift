/// What an event's `data.object` names: its own id and type, and the ids of the objects it refers to.
/// Only for choosing what to read again from the API: nothing here is ever taken as the object's state.
public struct StripeEventObject: Decodable, Sendable, Hashable {
    /// The object's id (`sub_…`, `in_…`, `ch_…`, `dp_…`, `cs_…`); nil for objects without one.
    public var id: String?
    /// The object's type: `subscription`, `invoice`, `charge`, `dispute`, `refund`, `checkout.session`, …
    public var object: String?
    /// `subscription` (a Checkout Session's), or an invoice's `parent.subscription_details.subscription`.
    public var subscription: String?
    public var invoice: String?
    public var charge: String?
    public var customer: String?
    public var paymentIntent: String?

    public init(id: String?, object: String?, subscription: String? = nil, invoice: String? = nil, charge: String? = nil) {
        self.id = id
        self.object = object
        self.subscription = subscription
        self.invoice = invoice
        self.charge = charge
    }

    enum CodingKeys: String, CodingKey {
        case id, object, subscription, invoice, charge, customer, parent, paymentIntent = "payment_intent"
    }

    private struct Parent: Decodable {
        struct Details: Decodable {
            var subscription: StripeObjectReference?
        }

        var subscriptionDetails: Details?

        enum CodingKeys: String, CodingKey {
            case subscriptionDetails = "subscription_details"
        }
    }

    /// Reads leniently: a field of an unexpected shape is treated as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try? container.decodeIfPresent(String.self, forKey: .id)
        object = try? container.decodeIfPresent(String.self, forKey: .object)
        let parent = try? container.decodeIfPresent(Parent.self, forKey: .parent)
        subscription = (try? container.decodeIfPresent(StripeObjectReference.self, forKey: .subscription))?.id
            ?? parent?.subscriptionDetails?.subscription?.id
        invoice = (try? container.decodeIfPresent(StripeObjectReference.self, forKey: .invoice))?.id
        charge = (try? container.decodeIfPresent(StripeObjectReference.self, forKey: .charge))?.id
        customer = (try? container.decodeIfPresent(StripeObjectReference.self, forKey: .customer))?.id
        paymentIntent = (try? container.decodeIfPresent(StripeObjectReference.self, forKey: .paymentIntent))?.id
    }
}
