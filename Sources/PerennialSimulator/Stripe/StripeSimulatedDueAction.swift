/// Something a subscription's clock brings: what it is and when it happens.
struct StripeSimulatedDueAction: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// The first invoice went unpaid 23 hours: `incomplete_expired`.
        case expireIncomplete
        /// Three days before the trial ends: `customer.subscription.trial_will_end`.
        case trialWillEnd
        /// `pause_collection.resumes_at` reached.
        case resumeCollection
        /// The current period ends: renew, or cancel at period end.
        case periodEnd
        /// A failed invoice's next smart retry.
        case retry(invoice: String)
    }

    var time: Int64
    var subscription: String
    var kind: Kind
}
