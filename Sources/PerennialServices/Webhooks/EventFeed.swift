import PerennialCore

/// The app's events in commit order, for teams that pull instead of receiving webhooks: a page after a
/// cursor (the last feed position seen), waiting up to a limit for the first new event when there is
/// none. Feed positions are given as writes commit (`EventLog.eventFeed`), so paging by them never skips
/// or repeats an event, however the writers' transactions interleave.
public struct EventFeed: Sendable {
    let ledger: any Ledger
    /// How often a waiting request looks again.
    let pollInterval: Duration

    /// The longest a request may wait, in seconds.
    public static let maximumWait = 60

    public init(ledger: any Ledger, pollInterval: Duration = .milliseconds(200)) {
        self.ledger = ledger
        self.pollInterval = pollInterval
    }

    /// Up to `limit` events after position `after`; when there are none, looks again until `wait` has passed.
    public func page(app: AppSettings, after: Int64, limit: Int, wait: Duration) async throws -> [StoredEvent] {
        let deadline = ContinuousClock.now + min(wait, .seconds(Self.maximumWait))
        while true {
            let events = try await ledger.read { try await $0.eventFeed(appID: app.id, after: after, limit: limit) }
            guard events.isEmpty, ContinuousClock.now < deadline else { return events }
            try await Task.sleep(for: min(pollInterval, deadline - ContinuousClock.now))
        }
    }
}
