/// Work a fold decided must happen beyond the fold itself, as a value. Services persist effects in the same
/// database write as the facts and states that required them (an outbox the job runner drains), so no
/// effect is lost, and none is done for a write that rolled back.
public enum SubscriptionEffect: Sendable, Hashable, Codable {
    /// Fold the subscription again at this instant: the next at which its state changes by itself (a
    /// period, a grace period or a pause ends), so its stored state and events follow time, not only reads.
    case checkStatus(SubscriptionKey, at: Instant)
    /// Tell the store that this purchase was granted: a store that asks for acknowledgements refunds the
    /// purchases nobody acknowledged (Google Play, after three days).
    case acknowledge(SubscriptionKey, transactionID: String)
    /// Tell the team's systems that this event happened.
    case notify(LifecycleEvent)

    /// The subscription the effect is about.
    public var subscription: SubscriptionKey {
        switch self {
        case .checkStatus(let key, _), .acknowledge(let key, _): key
        case .notify(let event): event.subscription
        }
    }
}
