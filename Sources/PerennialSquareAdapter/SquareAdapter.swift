import Foundation
import PerennialCore
import PerennialOutbound
import PerennialServices
import PerennialStoreModule
import PerennialSquare

/// Square as a store adapter. Webhooks arrive at `POST /v1/square/webhooks/{app_id}`; their HMAC over the
/// configured notification URL and the raw body is checked before anything is stored, and so is their age.
/// An event only says which subscription changed: the facts come from reading the subscription, its plan
/// variation, its recent invoices and its customer back from the API. It translates, it never decides.
public struct SquareAdapter: StoreAdapter {
    public let store = Store.square
    public let errorCodes = ErrorCode.square
    public let notificationPathSegment = "square"
    public var notificationPath: String { "square/webhooks" }

    /// How many of a subscription's invoices, newest first, are read: two years of monthly periods.
    static let invoicesRead = 24

    let connections: [String: SquareConnection]
    let ledger: (any Ledger)?
    let clock: any Clock

    /// `ledger` gives the refunds already recorded.
    public init(connections: [String: SquareConnection], ledger: (any Ledger)?, clock: any Clock) {
        self.connections = connections
        self.ledger = ledger
        self.clock = clock
    }

    func connection(for app: AppSettings) throws -> SquareConnection {
        guard let connection = connections[app.id] else { throw PerennialError(.squareNotConfigured, "app \(app.id) has no square settings") }
        return connection
    }

    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {
        do {
            try connection(for: app).verifier.verify(signatureHeader: request.header("x-square-hmacsha256-signature"), body: request.body, now: clock.now())
        } catch let error as SquareWebhookError {
            throw PerennialError(.notificationUnauthenticated, "the webhook was refused (\(error.code.rawValue))")
        }
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        guard SquareWebhookEvent.read(body) != nil else {
            throw PerennialError(.invalidNotification, "not a Square webhook event with an event_id and a type")
        }
        return 1
    }

    /// The facts of the subscription the event is about, as Square's API gives them now; none for an event
    /// about anything else. Square unreachable: `store_unavailable` (the event is kept and retried).
    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        guard let event = SquareWebhookEvent.read(body) else { throw PerennialError(.invalidNotification, "not a Square webhook event") }
        let connection = try connection(for: app)
        var facts = FactBatch()
        if let id = event.subscriptionID {
            facts = try await snapshot(of: id, app: app, connection: connection, refund: event.refund).facts()
        }
        return VerifiedStoreNotification(notificationUUID: event.eventID, notificationType: event.type, subtype: nil, facts: facts)
    }

    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        guard subscription.store == .square, let connection = connections[app.id] else { return nil }
        return try await snapshot(of: subscription.id, app: app, connection: connection, refund: nil).facts()
    }

    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        guard let connection = connections[app.id] else { return [] }
        return await SquareSetupCheck(connection: connection).run()
    }

    /// Square asks for no acknowledgement: there is nothing to perform.
    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "Square performs no store effects")
    }

    /// The subscription, its plan variation, its newest invoices and its customer, read now.
    private func snapshot(
        of id: String, app: AppSettings, connection: SquareConnection, refund: (invoiceID: String, at: Instant)?
    ) async throws -> SquareSubscriptionSnapshot {
        let client = connection.client
        let subscription = try await callingSquare { () async throws(StoreAPIError) in try await client.subscription(id: id) }
        var plan: SquarePlanVariation?
        if let planID = subscription.planVariationID {
            plan = try await callingSquare { () async throws(StoreAPIError) in try await client.planVariation(id: planID) }
        }
        var invoices: [SquareInvoice] = []
        for invoiceID in (subscription.invoiceIDs ?? []).prefix(Self.invoicesRead) {
            invoices.append(try await callingSquare { () async throws(StoreAPIError) in try await client.invoice(id: invoiceID) })
        }
        var owner: String?
        if let customerID = subscription.customerID {
            owner = try await callingSquare { () async throws(StoreAPIError) in try await client.customer(id: customerID) }.referenceID
        }
        var refundedAt = try await ledger?.cancellations(appID: app.id, subscription: SubscriptionKey(store: .square, id: id)) ?? [:]
        if let refund, refundedAt[refund.invoiceID] == nil { refundedAt[refund.invoiceID] = refund.at }
        return SquareSubscriptionSnapshot(
            subscription: subscription, plan: plan, invoices: invoices, owner: owner, refundedAt: refundedAt,
            environment: connection.settings.isProduction ? .production : .sandbox, observedAt: clock.now())
    }
}
