/// An invoice, as `GET /v1/invoices/{id}` and `GET /v1/invoices?subscription=…` answer it. It reaches its
/// subscription through `parent.subscription_details.subscription`.
public struct StripeInvoice: Decodable, Sendable, Hashable, Identifiable {
    /// What the invoice was issued for (`parent`).
    public struct Parent: Decodable, Sendable, Hashable {
        public struct SubscriptionDetails: Decodable, Sendable, Hashable {
            public var subscription: StripeObjectReference?
            public var metadata: [String: String]?

            public init(subscription: StripeObjectReference?, metadata: [String: String]? = nil) {
                self.subscription = subscription
                self.metadata = metadata
            }
        }

        public var type: String?
        public var subscriptionDetails: SubscriptionDetails?

        public init(type: String? = "subscription_details", subscriptionDetails: SubscriptionDetails?) {
            self.type = type
            self.subscriptionDetails = subscriptionDetails
        }

        enum CodingKeys: String, CodingKey {
            case type, subscriptionDetails = "subscription_details"
        }
    }

    /// When the invoice changed status (`status_transitions`), in Unix seconds.
    public struct StatusTransitions: Decodable, Sendable, Hashable {
        public var finalizedAt: Int64?
        public var paidAt: Int64?
        public var voidedAt: Int64?
        public var markedUncollectibleAt: Int64?

        public init(finalizedAt: Int64? = nil, paidAt: Int64? = nil, voidedAt: Int64? = nil, markedUncollectibleAt: Int64? = nil) {
            self.finalizedAt = finalizedAt
            self.paidAt = paidAt
            self.voidedAt = voidedAt
            self.markedUncollectibleAt = markedUncollectibleAt
        }

        enum CodingKeys: String, CodingKey {
            case finalizedAt = "finalized_at", paidAt = "paid_at", voidedAt = "voided_at"
            case markedUncollectibleAt = "marked_uncollectible_at"
        }
    }

    public var id: String
    public var status: StripeInvoiceStatus?
    /// `subscription_create`, `subscription_cycle`, `subscription_update`, `manual`, …
    public var billingReason: String?
    public var currency: String?
    /// In the currency's smallest unit, as every amount below.
    public var total: Int64?
    public var amountPaid: Int64?
    public var amountDue: Int64?
    public var customer: StripeObjectReference?
    public var parent: Parent?
    public var lines: StripeList<StripeInvoiceLineItem>?
    public var statusTransitions: StatusTransitions?
    /// Unix seconds, as every instant below.
    public var created: Int64?
    public var periodStart: Int64?
    public var periodEnd: Int64?
    /// When Stripe will next try to collect an open invoice; nil when it will not try again.
    public var nextPaymentAttempt: Int64?
    public var attemptCount: Int?
    public var livemode: Bool?
    /// The taxes the total includes (`total_taxes[].amount`).
    public var totalTaxes: [TaxAmount]?

    /// One tax in an invoice's total.
    public struct TaxAmount: Decodable, Sendable, Hashable {
        public var amount: Int64
    }

    public init(id: String, status: StripeInvoiceStatus?, subscriptionID: String?, lines: [StripeInvoiceLineItem]) {
        self.id = id
        self.status = status
        parent = subscriptionID.map { Parent(subscriptionDetails: .init(subscription: StripeObjectReference(id: $0))) }
        self.lines = StripeList(data: lines, hasMore: false)
    }

    enum CodingKeys: String, CodingKey {
        case id, status, currency, total, customer, parent, lines, created, livemode
        case billingReason = "billing_reason", amountPaid = "amount_paid", amountDue = "amount_due"
        case statusTransitions = "status_transitions", periodStart = "period_start", periodEnd = "period_end"
        case nextPaymentAttempt = "next_payment_attempt", attemptCount = "attempt_count", totalTaxes = "total_taxes"
    }

    /// The subscription the invoice bills, if any.
    public var subscriptionID: String? { parent?.subscriptionDetails?.subscription?.id }
}
