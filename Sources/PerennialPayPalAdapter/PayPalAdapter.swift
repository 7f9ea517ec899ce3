import Foundation
import PerennialCore
import PerennialOutbound
import PerennialPayPal
import PerennialServices
import PerennialStoreModule

/// PayPal as a store adapter. Webhooks arrive at `POST /v1/paypal/webhooks/{app_id}`; their signature is
/// checked over the raw body before anything is stored, locally with PayPal's certificate (or, when the
/// certificate cannot be had, by asking PayPal). An event only says which subscription or sale changed: the
/// facts come from reading the subscription, its plan and its payments back from the API. It translates, it
/// never decides.
public struct PayPalAdapter: StoreAdapter {
    public let store = Store.payPal
    public let errorCodes = ErrorCode.payPal
    public let notificationPathSegment = "paypal"
    public var notificationPath: String { "paypal/webhooks" }

    let connections: [String: PayPalConnection]
    let certificates: PayPalCertificates
    let ledger: (any Ledger)?
    let clock: any Clock

    /// `ledger` finds the subscription of a sale a refund names, and the refunds already recorded.
    public init(connections: [String: PayPalConnection], transport: any HTTPTransport, ledger: (any Ledger)?, clock: any Clock) {
        self.connections = connections
        certificates = PayPalCertificates(transport: transport)
        self.ledger = ledger
        self.clock = clock
    }

    func connection(for app: AppSettings) throws -> PayPalConnection {
        guard let connection = connections[app.id] else {
            throw PerennialError(.payPalNotConfigured, "app \(app.id) has no paypal settings")
        }
        return connection
    }

    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {
        let connection = try connection(for: app)
        let transmission: PayPalTransmission
        do {
            transmission = try PayPalTransmission { request.header($0) }
        } catch {
            throw PerennialError(.notificationUnauthenticated, "the webhook was refused (\(error.code.rawValue))")
        }
        guard connection.settings.certificateURLs.allows(transmission.certificateURL) else {
            throw PerennialError(.notificationUnauthenticated, "the webhook was refused (\(PayPalWebhookError.Code.untrustedCertificateURL.rawValue))")
        }
        guard !connection.settings.trustedRoots.isEmpty,
              let chain = await certificates.chain(at: transmission.certificateURL, rule: connection.settings.certificateURLs) else {
            // No roots to check a certificate against, or the certificate cannot be had now: PayPal's own check
            // decides, and a PayPal that cannot answer leaves the delivery unstored (PayPal delivers it again).
            let verified = try await callingPayPal { () async throws(StoreAPIError) in
                try await connection.client.verifiesWebhook(transmission, webhookID: connection.settings.webhookID, body: request.body)
            }
            guard verified else { throw PerennialError(.notificationUnauthenticated, "PayPal did not verify the webhook's signature") }
            return
        }
        do {
            try await connection.verifier.verify(
                transmission, body: request.body, webhookID: connection.settings.webhookID, certificateChainPEM: chain, now: clock.now())
        } catch {
            throw PerennialError(.notificationUnauthenticated, "the webhook was refused (\(error.code.rawValue))")
        }
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        guard PayPalWebhookEvent.read(body) != nil else {
            throw PerennialError(.invalidNotification, "not a PayPal webhook event with an id, an event_type and a resource")
        }
        return 1
    }

    /// The facts of the subscription the event is about, as PayPal's API gives them now; none for an event
    /// about anything else, or about a sale of no subscription Perennial knows. PayPal unreachable:
    /// `store_unavailable` (the event is kept and retried).
    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        guard let event = PayPalWebhookEvent.read(body) else { throw PerennialError(.invalidNotification, "not a PayPal webhook event") }
        let connection = try connection(for: app)
        var facts = FactBatch()
        if let subscriptionID = try await subscriptionID(of: event.target, app: app) {
            facts = try await snapshot(of: subscriptionID, app: app, connection: connection, refund: event.refund).facts()
        }
        return VerifiedStoreNotification(notificationUUID: event.id, notificationType: event.eventType, subtype: nil, facts: facts)
    }

    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? {
        guard subscription.store == .payPal, let connection = connections[app.id] else { return nil }
        return try await snapshot(of: subscription.id, app: app, connection: connection, refund: nil).facts()
    }

    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        guard let connection = connections[app.id] else { return [] }
        return await PayPalSetupCheck(app: app, connection: connection).run()
    }

    /// PayPal asks for no acknowledgement: there is nothing to perform.
    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "PayPal performs no store effects")
    }

    /// The subscription an event is about: its own id, or the one a sale id was recorded for.
    private func subscriptionID(of target: PayPalEventTarget, app: AppSettings) async throws -> String? {
        switch target {
        case .subscription(let id): return id
        case .sale(let id): return try await ledger?.read { try await $0.subscription(appID: app.id, store: .payPal, reference: id) }?.id
        case .ignored: return nil
        }
    }

    /// The subscription, its plan and its payments, read now; refunds dated as recorded before or as the
    /// event says.
    private func snapshot(
        of subscriptionID: String, app: AppSettings, connection: PayPalConnection, refund: (saleID: String, at: Instant)?
    ) async throws -> PayPalSubscriptionSnapshot {
        let client = connection.client
        let subscription = try await callingPayPal { () async throws(StoreAPIError) in try await client.subscription(id: subscriptionID) }
        let plan = try await subscription.planID.asyncMap { id in
            try await callingPayPal { () async throws(StoreAPIError) in try await client.plan(id: id) }
        }
        let now = clock.now()
        let start = PayPalTime.instant(subscription.startTime ?? subscription.createTime) ?? now.adding(milliseconds: -400 * 86_400_000)
        let payments = try await callingPayPal { () async throws(StoreAPIError) in
            try await client.transactions(subscriptionID: subscriptionID, from: start.adding(milliseconds: -86_400_000), to: now)
        }
        var refundedAt = try await ledger?.cancellations(appID: app.id, subscription: SubscriptionKey(store: .payPal, id: subscriptionID)) ?? [:]
        if let refund, refundedAt[refund.saleID] == nil { refundedAt[refund.saleID] = refund.at }
        return PayPalSubscriptionSnapshot(
            subscription: subscription, plan: plan, transactions: payments, refundedAt: refundedAt,
            environment: connection.settings.isLive ? .production : .sandbox, observedAt: now)
    }
}

extension Optional {
    /// The wrapped value transformed by an asynchronous function, or nil.
    fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
