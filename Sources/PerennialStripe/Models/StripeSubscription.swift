/// A subscription, as `GET /v1/subscriptions/{id}` answers it (API version `2026-10-28.endive`). Only the
/// fields Perennial reads; absent optional fields decode as nil.
public struct StripeSubscription: Decodable, Sendable, Hashable, Identifiable {
    /// Why the subscription was cancelled (`cancellation_details`).
    public struct CancellationDetails: Decodable, Sendable, Hashable {
        /// `cancellation_requested`, `payment_failed`, `payment_disputed`, `canceled_by_retention_policy`.
        public var reason: String?

        public init(reason: String?) {
            self.reason = reason
        }
    }

    /// A pause of collection (`pause_collection`): the subscription stays, its invoices are not collected.
    public struct PauseCollection: Decodable, Sendable, Hashable {
        /// `keep_as_draft`, `mark_uncollectible` or `void`.
        public var behavior: String?
        /// Unix seconds; nil: paused until someone resumes it.
        public var resumesAt: Int64?

        public init(behavior: String?, resumesAt: Int64?) {
            self.behavior = behavior
            self.resumesAt = resumesAt
        }

        enum CodingKeys: String, CodingKey {
            case behavior, resumesAt = "resumes_at"
        }
    }

    public var id: String
    public var status: StripeSubscriptionStatus
    public var customer: StripeObjectReference?
    public var items: StripeList<StripeSubscriptionItem>?
    public var latestInvoice: StripeExpandable<StripeInvoice>?
    public var livemode: Bool?
    public var metadata: [String: String]?
    /// Unix seconds, as every instant below.
    public var created: Int64?
    public var startDate: Int64?
    public var trialStart: Int64?
    public var trialEnd: Int64?
    public var cancelAtPeriodEnd: Bool?
    public var cancelAt: Int64?
    public var canceledAt: Int64?
    public var endedAt: Int64?
    public var cancellationDetails: CancellationDetails?
    public var pauseCollection: PauseCollection?

    public init(id: String, status: StripeSubscriptionStatus, items: [StripeSubscriptionItem]) {
        self.id = id
        self.status = status
        self.items = StripeList(data: items, hasMore: false)
    }

    enum CodingKeys: String, CodingKey {
        case id, status, customer, items, livemode, metadata, created
        case latestInvoice = "latest_invoice", startDate = "start_date", trialStart = "trial_start", trialEnd = "trial_end"
        case cancelAtPeriodEnd = "cancel_at_period_end", cancelAt = "cancel_at", canceledAt = "canceled_at"
        case endedAt = "ended_at", cancellationDetails = "cancellation_details", pauseCollection = "pause_collection"
    }

    /// The item that names the subscription's product: the first with a recurring price, else the first.
    public var primaryItem: StripeSubscriptionItem? {
        let all = items?.data ?? []
        return all.first { $0.price?.recurring != nil } ?? all.first
    }

    /// The app user id Perennial's Checkout put in the metadata (`app_user_id`).
    public var appUserID: String? { metadata?[StripeMetadataKey.appUserID] }
}
