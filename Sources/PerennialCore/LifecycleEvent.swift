/// An immutable entry in a subscription's history, derived by comparing its state before and after an
/// ingestion.
public struct LifecycleEvent: Sendable, Hashable, Codable {
    public var kind: LifecycleEventKind
    public var subscription: SubscriptionKey
    public var productID: String
    /// When it happened, taken from the facts where they say (a renewal's purchase date, an expiry), so
    /// the same history gives the same events whatever order it arrived in.
    public var occurredAt: Instant
    /// Kind-specific details: `reason`, `from_product_id`, `to_product_id`, `change`, `offer` …
    public var details: [String: String]

    public init(
        kind: LifecycleEventKind, subscription: SubscriptionKey, productID: String, occurredAt: Instant,
        details: [String: String] = [:]
    ) {
        self.kind = kind
        self.subscription = subscription
        self.productID = productID
        self.occurredAt = occurredAt
        self.details = details
    }

    /// The detail keys whose values name a customer (a transfer's parties, a merge's alias and target):
    /// what an erasure rewrites, and nothing else.
    public static let customerDetailKeys: Set<String> = ["from_app_user_id", "to_app_user_id", "alias", "app_user_id"]

    /// The event with every customer-naming detail (`customerDetailKeys`) equal to `name`, and an identity
    /// key of that name, naming `replacement` instead.
    public func renamingCustomer(_ name: String, to replacement: String) -> LifecycleEvent {
        var event = self
        for key in Self.customerDetailKeys where details[key]?.isExactly(name) == true {
            event.details[key] = replacement
        }
        if subscription.store == .identity, subscription.id.isExactly(name) {
            event.subscription = SubscriptionKey(store: .identity, id: replacement)
        }
        return event
    }

    /// A stable identity for the event, used to store each event once however often it is derived.
    public var fingerprint: String {
        let detailText = details.keys.sorted().map { "\($0)=\(details[$0] ?? "")" }.joined(separator: "&")
        return "\(subscription)|\(kind.rawValue)|\(productID)|\(occurredAt.milliseconds)|\(detailText)"
    }
}
