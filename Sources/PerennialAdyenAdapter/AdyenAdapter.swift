import Foundation
import PerennialAdyen
import PerennialCore
import PerennialServices

/// Adyen as a store adapter. Standard webhooks arrive at `POST /v1/adyen/notifications/{app_id}`; every
/// item's HMAC (the app's hex key, Adyen's field order) and merchant account are checked before anything is
/// stored. They are the source of truth for payments: an authorisation of one of Perennial's merchant
/// references pays its period (or records its refusal), a refund, chargeback or cancellation of a whole
/// payment cancels its period and the renewals. It translates (`AdyenPaymentFacts`), it never decides: the
/// renewals are the schedule's (`AdyenRenewalJob`).
public struct AdyenAdapter: StoreAdapter {
    public let store = Store.adyen
    public let errorCodes = ErrorCode.adyen
    public let notificationPathSegment = "adyen"

    let connections: [String: AdyenConnection]
    let ledger: any Ledger
    let clock: any Clock

    public init(connections: [String: AdyenConnection], ledger: any Ledger, clock: any Clock) {
        self.connections = connections
        self.ledger = ledger
        self.clock = clock
    }

    func connection(for app: AppSettings) throws -> AdyenConnection {
        guard let connection = connections[app.id] else { throw PerennialError(.adyenNotConfigured, "app \(app.id) has no adyen settings") }
        return connection
    }

    public func authenticateNotification(_ request: NotificationRequest, app: AppSettings) async throws {
        let connection = try connection(for: app)
        guard let notification = AdyenNotification.read(request.body) else { return }
        guard let verifier = connection.verifier else { throw PerennialError(.adyenNotConfigured, "the app's adyen hmac_keys are unusable") }
        do {
            try verifier.verify(notification)
        } catch {
            throw PerennialError(.notificationUnauthenticated, "the webhook was refused (\(error.code.rawValue))")
        }
    }

    public func notificationFormatVersion(of body: Data) throws -> Int {
        guard AdyenNotification.read(body) != nil else {
            throw PerennialError(.invalidNotification, "not an Adyen standard webhook with notificationItems")
        }
        return 1
    }

    /// The facts of every item; the delivery is named by its first item (PSP reference, event, success), the
    /// name Adyen's retries of it share.
    public func verifyNotification(_ body: Data, app: AppSettings) async throws -> VerifiedStoreNotification {
        guard let notification = AdyenNotification.read(body) else { throw PerennialError(.invalidNotification, "not an Adyen standard webhook") }
        let connection = try connection(for: app)
        var facts = FactBatch()
        for item in notification.items {
            let batch = try await self.facts(of: item, app: app, connection: connection)
            facts.transactions += batch.transactions
            facts.renewalInfos += batch.renewalInfos
            facts.storeReferences += batch.storeReferences
        }
        let first = notification.items[0]
        return VerifiedStoreNotification(
            notificationUUID: "\(first.pspReference):\(first.eventCode):\(first.success)", notificationType: first.eventCode,
            subtype: first.succeeded ? nil : "FAILED", facts: facts)
    }

    func facts(of item: AdyenNotificationItem, app: AppSettings, connection: AdyenConnection) async throws -> FactBatch {
        switch item.eventCode {
        case "AUTHORISATION":
            guard let reference = item.merchantReference.flatMap(AdyenRenewalReference.init(merchantReference:)),
                  let payments = connection.facts(of: reference.subscriptionID) else { return FactBatch() }
            if reference.period == 0 {
                guard item.succeeded else { return FactBatch() }
                return payments.firstPayment(pspReference: item.pspReference, amount: item.amount, at: item.eventInstant ?? clock.now())
            }
            let start = try await firstPayment(of: reference.subscriptionID, app: app)
            return item.succeeded
                ? payments.paid(reference, pspReference: item.pspReference, amount: item.amount, start: start)
                : payments.refused(reference, start: start)
        case "REFUND", "CHARGEBACK", "CANCELLATION", "CANCEL_OR_REFUND":
            guard item.succeeded, let original = item.originalReference, original.utf8.count <= 64 else { return FactBatch() }
            return try await cancellation(of: original, item: item, app: app, connection: connection)
        default:
            return FactBatch()
        }
    }

    /// When the subscription's first payment was authorised. A renewal's webhook handled before the first
    /// payment's is kept and retried (`store_unavailable`) until that one is recorded.
    func firstPayment(of subscriptionID: String, app: AppSettings) async throws -> Instant {
        let key = SubscriptionKey(store: .adyen, id: subscriptionID)
        let transactions = try await ledger.read { try await $0.transactions(appID: app.id, subscription: key) }
        guard let first = transactions.first(where: { $0.webOrderLineItemID == "\(subscriptionID):0" }) else {
            throw PerennialError(.storeUnavailable, "the subscription's first payment is not recorded yet")
        }
        return first.purchasedAt
    }

    /// The payment `original` cancelled, when it is one of a subscription's and the whole amount went back.
    private func cancellation(of original: String, item: AdyenNotificationItem, app: AppSettings, connection: AdyenConnection) async throws -> FactBatch {
        let found: (SubscriptionKey, [TransactionFact])? = try await ledger.read { ledger in
            guard let key = try await ledger.subscription(appID: app.id, store: .adyen, reference: original) else { return nil }
            return (key, try await ledger.transactions(appID: app.id, subscription: key))
        }
        guard let (key, transactions) = found, let payment = transactions.first(where: { $0.transactionID == original }),
              let payments = connection.facts(of: key.id) else { return FactBatch() }
        if let amount = item.amount?.value, let paid = payment.price?.minorUnits, amount < paid { return FactBatch() }
        let reason = item.eventCode == "CHARGEBACK" ? "chargeback" : item.eventCode == "REFUND" ? "refund" : "cancellation"
        return payments.cancelled(payment, at: item.eventInstant ?? clock.now(), reason: reason)
    }

    /// Adyen holds no subscription to read: what Perennial knows is what its webhooks and payments said.
    public func currentFacts(of subscription: SubscriptionKey, app: AppSettings) async throws -> FactBatch? { nil }

    /// Renewals are checked as often as the app's `renewal_check_minutes` say, for the subscriptions whose
    /// period ends within a day or ended within the retries (`AdyenRenewalJob` decides).
    public func statusPolling(app: AppSettings) -> StatusPollingSettings? {
        guard let settings = connections[app.id]?.settings else { return nil }
        var polling = StatusPollingSettings()
        polling.criteria.interval = .seconds(settings.renewalCheckMinutes * 60)
        polling.criteria.lookahead = .seconds(86_400 + settings.chargeAheadMinutes * 60)
        polling.criteria.recentlyEnded = .seconds(((settings.retryDays.last ?? 0) + 2) * 86_400)
        return polling
    }

    public func statusPollJob(app: AppSettings, candidate: PollCandidate, runAt: Instant) throws -> NewJob {
        try AdyenRenewalJob.job(appID: app.id, subscriptionID: candidate.subscriptionID, runAt: runAt, replacing: false)
    }

    public func diagnose(app: AppSettings, activity: StoreActivity) async -> [StoreDiagnosis] {
        guard let connection = connections[app.id] else { return [] }
        return await AdyenSetupCheck(connection: connection, app: app).run()
    }

    /// Adyen asks for no acknowledgement: there is nothing to perform.
    public func perform(_ effect: SubscriptionEffect, app: AppSettings) async throws -> FactBatch {
        throw PerennialError(.storeNotSupported, "Adyen performs no store effects")
    }
}
