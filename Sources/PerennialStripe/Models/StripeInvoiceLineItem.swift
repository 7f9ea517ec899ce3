/// One line of an invoice (`lines.data[]`): what it charged for, over which period.
public struct StripeInvoiceLineItem: Decodable, Sendable, Hashable, Identifiable {
    /// The period a line covers, in Unix seconds (both ends inclusive, as Stripe says).
    public struct Period: Decodable, Sendable, Hashable {
        public var start: Int64
        public var end: Int64

        public init(start: Int64, end: Int64) {
            self.start = start
            self.end = end
        }
    }

    /// What generated the line (`parent`).
    public struct Parent: Decodable, Sendable, Hashable {
        /// Set when a subscription item generated the line.
        public struct SubscriptionItemDetails: Decodable, Sendable, Hashable {
            public var subscription: String?
            public var subscriptionItem: String?
            /// Whether the line is a proration (a mid-period change), not a whole period.
            public var proration: Bool?

            public init(subscription: String?, subscriptionItem: String?, proration: Bool?) {
                self.subscription = subscription
                self.subscriptionItem = subscriptionItem
                self.proration = proration
            }

            enum CodingKeys: String, CodingKey {
                case subscription, proration, subscriptionItem = "subscription_item"
            }
        }

        /// `subscription_item_details` or `invoice_item_details`.
        public var type: String?
        public var subscriptionItemDetails: SubscriptionItemDetails?

        public init(type: String?, subscriptionItemDetails: SubscriptionItemDetails?) {
            self.type = type
            self.subscriptionItemDetails = subscriptionItemDetails
        }

        enum CodingKeys: String, CodingKey {
            case type, subscriptionItemDetails = "subscription_item_details"
        }
    }

    /// The price the line charged (`pricing.price_details`).
    public struct Pricing: Decodable, Sendable, Hashable {
        public struct PriceDetails: Decodable, Sendable, Hashable {
            public var price: StripeObjectReference?
            public var product: String?

            public init(price: StripeObjectReference?, product: String?) {
                self.price = price
                self.product = product
            }
        }

        public var priceDetails: PriceDetails?

        public init(priceDetails: PriceDetails?) {
            self.priceDetails = priceDetails
        }

        enum CodingKeys: String, CodingKey {
            case priceDetails = "price_details"
        }
    }

    public var id: String
    /// In the currency's smallest unit; negative for a credit.
    public var amount: Int64?
    public var currency: String?
    public var period: Period?
    public var parent: Parent?
    public var pricing: Pricing?

    public init(id: String, amount: Int64?, currency: String?, period: Period?, parent: Parent?, pricing: Pricing?) {
        self.id = id
        self.amount = amount
        self.currency = currency
        self.period = period
        self.parent = parent
        self.pricing = pricing
    }

    /// The price's id, when a price generated the line.
    public var priceID: String? { pricing?.priceDetails?.price?.id }

    /// Whether a subscription item generated the line.
    public var isSubscriptionLine: Bool { parent?.subscriptionItemDetails != nil }

    /// Whether the line is a proration.
    public var isProration: Bool { parent?.subscriptionItemDetails?.proration == true }
}
