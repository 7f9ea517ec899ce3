import PerennialCore

/// What a replay did (or, in a dry run, would do).
public struct ReplaySummary: Sendable, Equatable {
    /// Subscriptions with transactions that were looked at.
    public var subscriptions = 0
    /// Subscriptions whose state (or, in a dry run, whose state or events) the facts now give differently from
    /// what was stored.
    public var changed = 0
    /// Subscriptions nobody owns yet: left alone.
    public var unowned = 0
    /// The last subscription of the page, where the next one starts.
    var lastKey: SubscriptionKey?

    public init() {}

    init(lastKey: SubscriptionKey?) {
        self.lastKey = lastKey
    }

    mutating func count(before: SubscriptionState?, after: SubscriptionState?, eventsChanged: Bool) {
        subscriptions += 1
        guard let after else {
            unowned += 1
            return
        }
        if before != after || eventsChanged { changed += 1 }
    }

    mutating func add(_ page: ReplaySummary) {
        subscriptions += page.subscriptions
        changed += page.changed
        unowned += page.unowned
        lastKey = page.lastKey
    }
}
