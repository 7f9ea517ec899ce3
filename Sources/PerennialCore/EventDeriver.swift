/// Derives a subscription's lifecycle events from its facts alone.
///
/// The deriver replays the subscription's timeline: at every instant a fact names (a purchase, an expiry, a
/// cancellation, a renewal-info observation, the end of a grace period) it evaluates the state from the facts
/// known by then and compares it with the state at the previous instant. The events are therefore a function
/// of the set of facts and of "now": the same history gives the same events, with the same dates, whatever
/// order and however often its facts arrived.
public struct EventDeriver: Sendable {
    /// The app's products, to classify product changes by their level in the group.
    public var catalog: Catalog?

    public init(catalog: Catalog? = nil) {
        self.catalog = catalog
    }

    /// Every event of one subscription up to `now`, oldest first.
    public func events(transactions: [TransactionFact], renewalInfos: [RenewalInfoFact], now: Instant) -> [LifecycleEvent] {
        let history = TransactionHistory(transactions)
        let engine = SubscriptionEngine(catalog: catalog)
        var events: [LifecycleEvent] = []
        var previous: SubscriptionState?
        for checkpoint in checkpoints(history: history, renewalInfos: renewalInfos, now: now) {
            let known = history.transactions.filter { $0.purchasedAt <= checkpoint }
            let observed = renewalInfos.filter { $0.observedAt <= checkpoint }
            guard let state = engine.state(transactions: known, renewalInfos: observed, at: checkpoint) else { continue }
            for index in history.transactions.indices {
                let transaction = history.transactions[index]
                if transaction.purchasedAt == checkpoint {
                    events += TransactionEvents(catalog: catalog).events(history: history, index: index)
                }
                if transaction.cancelledAt == checkpoint, !transaction.isUpgraded {
                    var details = ["transaction_id": transaction.transactionID]
                    details["cancellation_reason"] = transaction.cancellationReason
                    events.append(LifecycleEvent(transaction, .revocation, at: checkpoint, details))
                }
            }
            events += StateEvents.between(previous, state, at: checkpoint)
            previous = state
        }
        return events
    }

    /// The instants at which something may have changed, up to `now`, in order.
    private func checkpoints(history: TransactionHistory, renewalInfos: [RenewalInfoFact], now: Instant) -> [Instant] {
        var instants: Set<Instant> = []
        for transaction in history.transactions {
            instants.insert(transaction.purchasedAt)
            if let expiresAt = transaction.expiresAt { instants.insert(expiresAt) }
            if let cancelledAt = transaction.cancelledAt { instants.insert(cancelledAt) }
        }
        for renewal in renewalInfos {
            instants.insert(renewal.observedAt)
            if let grace = renewal.gracePeriodExpiresAt { instants.insert(grace) }
        }
        return instants.filter { $0 <= now }.sorted()
    }
}

extension LifecycleEvent {
    init(_ transaction: TransactionFact, _ kind: LifecycleEventKind, at: Instant, _ details: [String: String] = [:]) {
        self.init(kind: kind, subscription: transaction.subscriptionKey, productID: transaction.productID, occurredAt: at, details: details)
    }

    init(_ state: SubscriptionState, _ kind: LifecycleEventKind, at: Instant, _ details: [String: String] = [:]) {
        self.init(kind: kind, subscription: state.key, productID: state.productID, occurredAt: at, details: details)
    }
}
