import PerennialCore

/// Everything a fold of one subscription reads from the ledger, read for a page of subscriptions at once
/// (`SubscriptionRecords.foldInputs`) so that a replay or a rebuild costs a few statements per page rather
/// than a few per subscription.
public struct SubscriptionFoldInputs: Sendable, Hashable {
    public var owner: String?
    public var state: SubscriptionState?
    public var transactions: [TransactionFact]
    public var renewalInfos: [RenewalInfoFact]
    /// The standing events (neither retracted nor retractions), by `occurredAt` then sequence.
    public var events: [StoredEvent]
    /// The stored contributions to the metrics.
    public var contributions: [MetricContribution]

    public init(
        owner: String? = nil, state: SubscriptionState? = nil, transactions: [TransactionFact] = [], renewalInfos: [RenewalInfoFact] = [],
        events: [StoredEvent] = [], contributions: [MetricContribution] = []
    ) {
        self.owner = owner
        self.state = state
        self.transactions = transactions
        self.renewalInfos = renewalInfos
        self.events = events
        self.contributions = contributions
    }
}
