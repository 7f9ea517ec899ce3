import Foundation
import PerennialCore
import PerennialServices
import PerennialStripe

/// Stripe as a store adapter. Webhooks arrive at `POST /v1/stripe/webhooks/{app_id}`; their
/// `Stripe-Signature` is checked over the raw body before anything is stored. An event only says which
/// object changed: its facts come from reading the subscription it leads to from the API, never from the
/// event's copy of the object. It translates, it never decides.
public struct StripeAdapter: StoreAdapter {
    public let store = Store.stripe
    public let errorCodes = ErrorCode.stripe
    public let notificationPathSegment = "stripe"
    public var notificationPath: String { "stripe/webhooks" }

    let connections: StripeConnections
    let reader: StripeSnapshotReader
    let ledger: (any Ledger)?
    let clock: any Clock

    /// `ledger` gives each webhook the subscription's recorded transactions, so that it reads from Stripe
    /// only what can have changed; without one, every webhook reads the whole history.
    public init(connections: StripeConnections, ledger: (any Ledger)?, clock: any Clock) {
        self.connections = connections
        reader = StripeSnapshotReader(clock: clock)
        self.ledger = ledger
        self.clock = clock
    }

    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {
        let connection = try connections.connection(for: app)
        do {
            try StripeWebhookSignature.verify(
                header: request.header("stripe-signature"), payload: Array(request.body), secrets: connection.webhookSecrets,
                tolerance: connection.tolerance, now: clock.now()
            )
        } catch {
            throw PerennialError(.notificationUnauthenticated, "the webhook's Stripe-Signature was refused (\(error.reason.rawValue))")
        }
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        guard StripeEvent.decode(body) != nil else {
            throw PerennialError(.invalidNotification, "not a Stripe event object with an id, a type and data.object")
        }
        return 1
    }

    /// The facts of the subscription the event leads to, as the API gives them now (what can have changed
    /// since its recorded transactions: `StripeSnapshotReader`); none for an event about anything else.
    /// Stripe unreachable: `store_unavailable` (the event is kept and retried).
    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        guard let event = StripeEvent.decode(body) else {
            throw PerennialError(.invalidNotification, "not a Stripe event object")
        }
        let connection = try connections.connection(for: app)
        var facts = FactBatch()
        if let located = try await StripeSubscriptionLocator(client: connection.client).locate(event.target) {
            let key = SubscriptionKey(store: .stripe, id: located.subscriptionID)
            let recorded = try await ledger?.read { try await $0.transactions(appID: app.id, subscription: key) } ?? []
            facts = try await reader.snapshot(
                of: located.subscriptionID, focus: located.invoice, ownerHint: located.ownerHint, recorded: recorded, connection: connection
            ).facts()
        }
        return VerifiedStoreNotification(notificationUUID: event.id, notificationType: event.type, subtype: nil, facts: facts)
    }

    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        guard subscription.store == .stripe else { return nil }
        let connection = try connections.connection(for: app)
        return try await reader.snapshot(of: subscription.id, connection: connection).facts()
    }

    /// Stripe asks for no acknowledgement: there is nothing to perform.
    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "Stripe performs no store effects")
    }
}
