/// A payment applied to an invoice (`GET /v1/invoice_payments`): how a charge or a PaymentIntent reaches
/// its invoice, since neither names the other.
public struct StripeInvoicePayment: Decodable, Sendable, Hashable, Identifiable {
    /// The payment (`payment`): a PaymentIntent, a legacy charge or a payment record.
    public struct Payment: Decodable, Sendable, Hashable {
        /// `payment_intent`, `charge` or `payment_record`.
        public var type: String?
        public var charge: StripeObjectReference?
        /// The PaymentIntent, expanded when the list asked `expand[]=data.payment.payment_intent`.
        public var paymentIntent: StripeExpandable<StripePaymentIntent>?

        public init(type: String?, charge: StripeObjectReference? = nil, paymentIntent: StripeExpandable<StripePaymentIntent>? = nil) {
            self.type = type
            self.charge = charge
            self.paymentIntent = paymentIntent
        }

        enum CodingKeys: String, CodingKey {
            case type, charge, paymentIntent = "payment_intent"
        }

        /// The charge that moved the money: the legacy charge, or the PaymentIntent's latest charge when it
        /// was expanded.
        public var chargeID: String? { charge?.id ?? paymentIntent?.object?.latestCharge?.id }
    }

    public var id: String
    public var invoice: StripeObjectReference?
    /// `open`, `paid` or `canceled`.
    public var status: String?
    public var amountPaid: Int64?
    public var currency: String?
    public var payment: Payment?

    public init(id: String, invoice: String?, status: String?, payment: Payment?) {
        self.id = id
        self.invoice = invoice.map(StripeObjectReference.init)
        self.status = status
        self.payment = payment
    }

    enum CodingKeys: String, CodingKey {
        case id, invoice, status, currency, payment, amountPaid = "amount_paid"
    }
}
