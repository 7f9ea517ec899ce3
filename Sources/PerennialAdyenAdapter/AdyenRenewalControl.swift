import PerennialAdyen
import PerennialCore
import PerennialServices

/// A customer's Adyen subscription turned to end with its paid period, or to renew again: Adyen keeps no
/// subscription, so the choice is a fact Perennial records itself (a renewal info), and the schedule follows
/// it. Only the subscription's owner (or an alias of them) may change it, and only while it can still renew.
public struct AdyenRenewalControl: Sendable {
    let connections: [String: AdyenConnection]
    let ledger: any Ledger
    let jobs: any JobQueue
    let clock: any Clock

    public init(connections: [String: AdyenConnection], ledger: any Ledger, jobs: any JobQueue, clock: any Clock) {
        self.connections = connections
        self.ledger = ledger
        self.jobs = jobs
        self.clock = clock
    }

    /// Turns `subscriptionID`'s renewals off or on for `appUserID`, and returns its state afterwards.
    public func setRenewal(_ renews: Bool, app: AppSettings, appUserID: String, subscriptionID: String, ingestor: FactIngestor) async throws -> SubscriptionState {
        try AppUserIDRule.validated(appUserID)
        guard let connection = connections[app.id] else { throw PerennialError(.adyenNotConfigured, "app \(app.id) has no adyen settings") }
        let notFound = PerennialError(.adyenSubscriptionNotFound, "the customer has no Adyen subscription with this id")
        guard let payments = connection.facts(of: subscriptionID) else { throw notFound }
        let key = SubscriptionKey(store: .adyen, id: subscriptionID)
        let owned = try await ledger.read { ledger in
            let customer = try await ledger.aliasTarget(appID: app.id, alias: appUserID) ?? appUserID
            return try await ledger.subscriptionOwner(appID: app.id, subscription: key) == customer
        }
        guard owned else { throw notFound }
        if renews { try await checkCanRenew(key, app: app, payments: payments) }
        try await ingestor.ingestForOwners(payments.renewal(turnedOn: renews, at: clock.now()), app: app)
        try await jobs.enqueue(AdyenRenewalJob.job(appID: app.id, subscriptionID: subscriptionID, runAt: clock.now(), replacing: true))
        guard let state = try await ledger.read({ try await $0.subscriptionState(appID: app.id, subscription: key) }) else { throw notFound }
        return state
    }

    /// A subscription refunded, or lapsed after its last refused retry, is over: turning renewals back on
    /// would promise a renewal the schedule will never charge.
    private func checkCanRenew(_ key: SubscriptionKey, app: AppSettings, payments: AdyenPaymentFacts) async throws {
        let (transactions, infos) = try await ledger.adyenHistory(appID: app.id, subscription: key)
        if transactions.contains(where: { $0.cancelledAt != nil }) {
            throw PerennialError(.adyenSubscriptionEnded, "the subscription's payment was refunded or reversed")
        }
        // The customer's own cancellation is what resuming undoes: decide as if renewals were on.
        guard var record = payments.schedule.record(subscriptionID: key.id, transactions: transactions, renewalInfos: infos) else { return }
        record.cancelled = false
        if case .lapsed = payments.schedule.decide(record, subscriptionID: key.id, at: clock.now()) {
            throw PerennialError(.adyenSubscriptionEnded, "the subscription lapsed after its last refused renewal")
        }
    }
}
