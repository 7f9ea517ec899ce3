import Logging
import PerennialCore

/// Sends the webhook outbox: claims pending deliveries straight from their table and hands each to the
/// sender, `workers` at a time. A delivery is its own job: recording one costs its row alone.
///
/// Order: of one customer's deliveries to one endpoint, only the first still pending (in the order they
/// were recorded) may be sent; while it is retried or being sent, the customer's later ones wait, and
/// nobody else's do. Each claim reads every enabled endpoint's pending deliveries from the oldest, up to
/// `scanLimit` of them, and leases the first of each customer that is due and free; several dispatchers (in
/// several processes on PostgreSQL) share the outbox, a lease giving a delivery to one of them. A lease
/// outlasts an attempt, and one that runs out (a crashed process) makes its delivery claimable again.
/// Deliveries pending for a disabled endpoint become dead letters (`endpoint_disabled`).
public struct WebhookDispatcher: Sendable {
    /// A leased delivery and the endpoint it goes to.
    public struct Claimed: Sendable {
        public var delivery: WebhookDeliveryRecord
        public var endpoint: WebhookEndpointRecord
        /// When the lease runs out, and another dispatcher may take the delivery.
        public var leasedUntil: Instant
    }

    let ledger: any Ledger
    let sender: WebhookDeliverySender
    let settings: WebhookSettings
    let clock: any Clock
    let logger: Logger
    /// The most pending deliveries of one endpoint a claim reads: past them (an endpoint down with a long
    /// backlog), later customers wait for the earlier ones to go.
    let scanLimit: Int
    /// The most pending deliveries one statement of a scan reads.
    static let maximumPage = 1_000
    /// How much longer than one attempt may take a lease lasts: a claimed delivery that waits longer than
    /// this (less a safety margin) for a worker is given back unattempted.
    static let leaseMargin = Duration.seconds(30)

    public init(
        ledger: any Ledger, sender: WebhookDeliverySender, settings: WebhookSettings, clock: any Clock, logger: Logger,
        scanLimit: Int = 5_000
    ) {
        self.ledger = ledger
        self.sender = sender
        self.settings = settings
        self.clock = clock
        self.logger = logger
        self.scanLimit = scanLimit
    }

    /// Sends at most one due delivery; returns whether there was one.
    @discardableResult
    public func runOnce() async throws -> Bool {
        guard let claimed = try await claim(limit: 1).first else { return false }
        try await sender.send(claimed.delivery, to: claimed.endpoint)
        return true
    }

    /// Sends due deliveries until cancelled, `settings.workers` attempts at a time, claiming ahead of the
    /// workers (`WebhookDispatchLoop`) and looking again every `settings.pollInterval` while there is none.
    public func run() async {
        await WebhookDispatchLoop(dispatcher: self).run()
    }

    /// Leases up to `limit` deliveries that may be sent now, taking the endpoints in turn.
    public func claim(limit: Int) async throws -> [Claimed] {
        guard limit > 0 else { return [] }
        let now = clock.now()
        let scanLimit = scanLimit
        let (endpoints, sendable, disabledOwing) = try await ledger.read { session in
            let endpoints = try await session.everyWebhookEndpoint()
            var sendable: [[Int64]] = []
            var disabledOwing: [WebhookEndpointRecord] = []
            for endpoint in endpoints {
                if endpoint.isEnabled {
                    sendable.append(try await Self.sendable(to: endpoint, limit: limit, scanLimit: scanLimit, now: now, in: session))
                } else if try await !session.pendingWebhookDeliveries(appID: endpoint.appID, endpointID: endpoint.id, after: 0, limit: 1).isEmpty {
                    disabledOwing.append(endpoint)
                }
            }
            return (endpoints, sendable, disabledOwing)
        }
        if !disabledOwing.isEmpty { try await failOwed(to: disabledOwing, at: now) }
        let ids = Self.takingTurns(sendable, limit: limit)
        guard !ids.isEmpty else { return [] }
        let until = now.adding(milliseconds: (settings.timeout + Self.leaseMargin).milliseconds)
        let leased = try await ledger.groupedWrite { try await $0.leaseWebhookDeliveries(ids: ids, now: now, until: until) }
        return leased.compactMap { delivery in
            endpoints.first { $0.appID == delivery.delivery.appID && $0.id == delivery.delivery.endpointID }
                .map { Claimed(delivery: delivery, endpoint: $0, leasedUntil: until) }
        }
    }

    /// Of an endpoint's pending deliveries, the first of each customer when it is due and free, at most
    /// `limit`, reading at most `scanLimit`.
    static func sendable(
        to endpoint: WebhookEndpointRecord, limit: Int, scanLimit: Int, now: Instant, in session: any LedgerSession
    ) async throws -> [Int64] {
        var seen = Set<String>()
        var sendable: [Int64] = []
        var after: Int64 = 0
        var read = 0
        // Pages grow: the deliveries in flight come first, and the free ones usually right behind them.
        var page = max(32, limit * 4)
        while sendable.count < limit, read < scanLimit {
            let asked = min(page, scanLimit - read)
            let pending = try await session.pendingWebhookDeliveries(
                appID: endpoint.appID, endpointID: endpoint.id, after: after, limit: asked)
            for delivery in pending {
                let first = seen.insert(delivery.appUserID).inserted
                if first, delivery.isFree(at: now) { sendable.append(delivery.id) }
                if sendable.count == limit { break }
            }
            read += pending.count
            guard pending.count == asked, let last = pending.last else { break }
            after = last.id
            page = min(page * 2, maximumPage)
        }
        return sendable
    }

    /// One from each list in turn, then the next from each, up to `limit`: no endpoint takes every slot.
    static func takingTurns(_ lists: [[Int64]], limit: Int) -> [Int64] {
        var taken: [Int64] = []
        var index = 0
        while taken.count < limit {
            let round = lists.compactMap { index < $0.count ? $0[index] : nil }
            if round.isEmpty { break }
            taken += round.prefix(limit - taken.count)
            index += 1
        }
        return taken
    }

    private func failOwed(to endpoints: [WebhookEndpointRecord], at now: Instant) async throws {
        try await ledger.write { session in
            for endpoint in endpoints {
                _ = try await session.failPendingWebhookDeliveries(
                    appID: endpoint.appID, endpointID: endpoint.id, error: "endpoint_disabled", at: now)
            }
        }
    }

    /// Gives leased deliveries back unattempted, so they are claimable at once.
    func release(_ ids: [Int64]) async {
        guard !ids.isEmpty else { return }
        let ledger = ledger
        // A task of its own: a shutdown cancels the caller, and the leases should go back even so.
        try? await Task {
            try await ledger.groupedWrite { try await $0.releaseWebhookDeliveries(ids: ids) }
        }.value
    }
}
