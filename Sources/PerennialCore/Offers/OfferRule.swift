/// Who may be shown an offer: the cohorts of WWDC19's "Subscription Offers Best Practices".
public enum OfferRule: Sendable, Hashable {
    /// Anyone Apple allows: the customer has, or had, an auto-renewable subscription in the app.
    case anySubscriber
    /// Lapsed subscribers of the offer's group, optionally only for some expiration reasons and within a
    /// window of days since the expiry.
    case winBack(reasons: Set<ExpirationReason>?, minimumDays: Int?, maximumDays: Int?)
    /// Current subscribers of the offer's group who turned auto-renew off.
    case retention
    /// Subscribers of a lower tier of the group: a downgrade is pending, or they renewed at least
    /// `minimumRenewals` times on the lower tier.
    case upgrade(minimumRenewals: Int)
    /// Current subscribers of the group who renewed at least `minimumRenewals` times.
    case loyalty(minimumRenewals: Int)
    /// Only customers a team member granted the offer to (customer service), until the grant expires.
    case customerService
    /// Current subscribers of the group whose churn-risk score (`ChurnRisk`) reaches `threshold`.
    case save(threshold: Int)

    /// The rule's name, as the API reports it.
    public var name: String {
        switch self {
        case .anySubscriber: "any_subscriber"
        case .winBack: "win_back"
        case .retention: "retention"
        case .upgrade: "upgrade"
        case .loyalty: "loyalty"
        case .customerService: "customer_service"
        case .save: "save"
        }
    }
}
