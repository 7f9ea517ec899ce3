import Foundation
import PerennialCore

/// Records, in the ledger write that stored some events, one delivery per event and enabled endpoint of
/// the app that wants its kind, each with its message (the customer as this write leaves them). The
/// dispatcher (`WebhookDispatcher`) sends one customer's deliveries to an endpoint in the order recorded
/// here, the customer's sequence, so a customer's later webhook waits while an earlier one is retried, and
/// nobody else waits.
///
/// An app without endpoints pays a look at its (empty) endpoint list, kept in memory, per write that records
/// events; one with endpoints pays one read per customer (the subscriptions the write saved taken as they are,
/// not decoded again), and the deliveries are inserted as the write commits, with those of every write that
/// shares its commit (`LedgerSession.recordWebhookDeliveriesAtCommit`).
public enum WebhookOutbox {
    /// Records the deliveries of `events`, just stored for the app. `subscriptions` are the states this
    /// write gave (for an event whose customer no longer owns its subscription: a transfer's `out`);
    /// `prices` the price of the transaction each subscription stands on.
    public static func record(
        _ events: [StoredEvent], app: AppSettings, subscriptions: [SubscriptionState] = [], prices: [SubscriptionKey: Money] = [:],
        at now: Instant, in session: any LedgerSession
    ) async throws {
        guard !events.isEmpty else { return }
        let endpoints = try await session.recordingWebhookEndpoints(appID: app.id).filter(\.isEnabled)
        guard endpoints.contains(where: { endpoint in events.contains { endpoint.wants($0.event.kind.rawValue) } }) else { return }
        var byCustomer: [String: [StoredEvent]] = [:]
        for event in events { byCustomer[event.appUserID, default: []].append(event) }
        var deliveries: [NewWebhookDelivery] = []
        for appUserID in byCustomer.keys.sorted() {
            let (aliases, owned) = try await session.webhookRecipient(appID: app.id, appUserID: appUserID, known: subscriptions)
            let entitlements = EntitlementResolver(catalog: app.catalog).entitlements(from: owned)
            for event in byCustomer[appUserID]!.sorted(by: { $0.sequence < $1.sequence }) {
                let wanting = endpoints.filter { $0.wants(event.event.kind.rawValue) }
                guard !wanting.isEmpty else { continue }
                let key = event.event.subscription
                let state = owned.first { $0.key == key } ?? subscriptions.first { $0.key == key }
                let body = try WebhookMessage(
                    event: event, appID: app.id, aliases: aliases, state: state, price: prices[key], entitlements: entitlements
                ).encoded()
                deliveries += wanting.map {
                    NewWebhookDelivery(
                        appID: app.id, endpointID: $0.id, eventSequence: event.sequence, messageID: event.publicID,
                        kind: event.event.kind.rawValue, appUserID: event.appUserID, body: body, occurredAt: event.event.occurredAt,
                        createdAt: now, orderingPosition: event.customerSequence ?? event.sequence)
                }
            }
        }
        try await session.recordWebhookDeliveriesAtCommit(deliveries)
    }

    /// Records deliveries owed, due now (each is its own job: `WebhookDispatcher` sends it), a few
    /// statements for all; returns their ids.
    static func enqueue(_ deliveries: [NewWebhookDelivery], in session: any LedgerSession) async throws -> [Int64] {
        guard !deliveries.isEmpty else { return [] }
        return try await session.recordWebhookDeliveries(deliveries)
    }
}
