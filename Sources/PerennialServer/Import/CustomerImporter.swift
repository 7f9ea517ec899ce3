import Foundation
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Moves customers into Perennial (`perennial import`): for each customer of the export, the customer (and the
/// alias their first anonymous id becomes once they logged in), then each purchase re-read from its store and
/// recorded for them, never trusting the export's own account of it.
/// Calls to each store are paced (`requestsPerSecond`), and retried with backoff while the store asks to wait.
/// The progress is saved after each customer; a new run of the same export resumes there.
struct CustomerImporter {
    let stack: PerennialStack
    let app: AppSettings
    let requestsPerSecond: Double
    let clock = ContinuousClock()

    /// The exports' store names Perennial reads, and the stores they are.
    static let stores: [String: Store] = ["app_store": .appStore, "mac_app_store": .appStore, "play_store": .playStore, "stripe": .stripe]

    func run(
        _ export: CustomerImport, progress initial: ImportProgress, saveTo url: URL, report: @Sendable (ImportProgress) -> Void
    ) async throws -> ImportProgress {
        var progress = initial
        var pacer = Pacer(interval: .seconds(1.0 / requestsPerSecond))
        for customer in export.customers.dropFirst(progress.customersDone) {
            try Task.checkCancellation()
            let owner: String
            do {
                owner = try await identify(customer)
            } catch let error as PerennialError {
                progress.failures.append(.init(appUserID: customer.originalAppUserID, store: "", id: "", reason: error.message))
                progress.customersDone += 1
                try progress.save(to: url)
                continue
            }
            for purchase in customer.purchases {
                guard let store = Self.stores[purchase.store], let runtime = stack.storeRuntimes.first(where: { $0.adapter.store == store }) else {
                    progress.skipped[purchase.store.isEmpty ? "unknown" : purchase.store, default: 0] += 1
                    continue
                }
                do {
                    try await read(purchase, store: store, runtime: runtime, owner: owner, pacer: &pacer)
                    progress.subscriptionsRead += 1
                } catch let error as PerennialError {
                    progress.failures.append(.init(
                        appUserID: owner, store: purchase.store, id: purchase.id, reason: error.message))
                }
            }
            progress.customersDone += 1
            try progress.save(to: url)
            report(progress)
        }
        return progress
    }

    /// The customer the purchases go to: the id last seen when it identifies a person and the first id was
    /// anonymous (logged in as the SDK would, so the anonymous id stays an alias), else the first id.
    private func identify(_ customer: CustomerImport.Customer) async throws -> String {
        let (original, lastSeen) = (customer.originalAppUserID, customer.lastSeenAppUserID)
        if lastSeen != original, AnonymousAppUserID.isAnonymous(original), !AnonymousAppUserID.isAnonymous(lastSeen) {
            _ = try await stack.identity.findOrCreate(app: app, appUserID: original)
            return try await stack.identity.logIn(app: app, appUserID: original, newAppUserID: lastSeen).customer.appUserID
        }
        return try await stack.identity.findOrCreate(app: app, appUserID: original).customer.appUserID
    }

    /// Asks the store for the purchase now and records what it says for `owner`.
    private func read(
        _ purchase: CustomerImport.Purchase, store: Store, runtime: any StoreRuntime, owner: String, pacer: inout Pacer
    ) async throws {
        let key: SubscriptionKey? = purchase.namesSubscription
            ? SubscriptionKey(store: store, id: purchase.id)
            : try await patiently(pacer: &pacer, store: store) {
                try await runtime.exportedSubscription(originalTransactionID: purchase.id, app: app)
            }
        guard let key else { throw PerennialError(.storeRecordNotFound, "the store names no subscription for it") }
        let facts = try await patiently(pacer: &pacer, store: store) { try await runtime.adapter.currentFacts(of: key, app: app) }
        guard let facts else {
            throw PerennialError(.storeNotSupported, "the app gives no way to ask \(store) about a purchase (API credentials)")
        }
        guard !facts.transactions.isEmpty || !facts.renewalInfos.isEmpty else {
            throw PerennialError(.storeRecordNotFound, "\(store) knows nothing of it")
        }
        _ = try await stack.ingestor.ingest(facts, app: app, appUserID: owner)
    }

    /// One call to a store, after the pace allows it; retried (1, 2, 4, 8 s) while the store is unavailable.
    private func patiently<Value>(pacer: inout Pacer, store: Store, _ call: () async throws -> Value) async throws -> Value {
        var wait = Duration.seconds(1)
        for attempt in 1...5 {
            try await pacer.next(for: store, clock: clock)
            do {
                return try await call()
            } catch let error as PerennialError where error.kind == .unavailable && attempt < 5 {
                try await clock.sleep(for: wait)
                wait *= 2
            }
        }
        throw PerennialError(.storeUnavailable, "the store did not answer after five attempts")
    }

    /// Spaces each store's calls at least `interval` apart.
    struct Pacer {
        let interval: Duration
        var allowedAt: [Store: ContinuousClock.Instant] = [:]

        mutating func next(for store: Store, clock: ContinuousClock) async throws {
            let now = clock.now
            let allowed = allowedAt[store] ?? now
            if allowed > now { try await clock.sleep(until: allowed) }
            allowedAt[store] = max(allowed, now) + interval
        }
    }
}
