import Foundation
import Logging
import PerennialAdyen
import PerennialCore
import PerennialServices
import PerennialStoreModule

/// Runs one Adyen subscription's schedule (`AdyenRenewalSchedule`) from what the ledger recorded: charges
/// the attempt due, records its answer as facts (the same facts its webhook brings), and decides again,
/// until the next attempt is in the future, where the job puts itself (the job queue is the outbox: a
/// renewal due is performed at least once, by one runner at a time, and survives a crash).
///
/// A period is never charged twice: the attempt due is a function of what was recorded, so a crash before
/// its answer was recorded leads to the same attempt again, under the same idempotency key, which Adyen
/// answers with the first result; a new attempt follows only a recorded refusal, a new period only a
/// recorded payment.
public struct AdyenRenewalJob: JobHandler {
    /// The job kind.
    public static let jobKind = "adyen.renewal"
    public let kind = Self.jobKind
    /// How long a payment Adyen left pending waits before it is asked again (its webhook usually settles it first).
    static let pendingPause: Int64 = 3_600_000

    let connections: [String: AdyenConnection]
    let services: StoreServices
    let ledger: any Ledger
    let jobs: any JobQueue
    let clock: any Clock
    let logger: Logger

    struct Payload: Codable, Sendable {
        var appID: String
        var subscriptionID: String
    }

    /// The job that runs `subscriptionID`'s schedule at `runAt`. `replacing`: it moves a waiting one (the
    /// schedule's own next step); otherwise one waiting or running is left alone (a poll).
    static func job(appID: String, subscriptionID: String, runAt: Instant, replacing: Bool) throws -> NewJob {
        NewJob(
            kind: jobKind, appID: appID, payload: try JSONEncoder().encode(Payload(appID: appID, subscriptionID: subscriptionID)), runAt: runAt,
            deduplicationKey: "adyen.renewal:\(appID):\(subscriptionID)", onDuplicate: replacing ? .replace : .keep)
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(Payload.self, from: job.payload)
        let app = try services.apps.configuredApp(id: payload.appID)
        guard let connection = connections[app.id], let payments = connection.facts(of: payload.subscriptionID),
              let plan = connection.settings.plans[payments.productID] else {
            logger.warning("an Adyen subscription has no plan any more: not charged", metadata: ["app": "\(app.id)"])
            return
        }
        let key = SubscriptionKey(store: .adyen, id: payload.subscriptionID)
        // Each round records one attempt's answer: at most every retry of one period, and the next period's first.
        for _ in 0...(payments.schedule.retryDays.count + 2) {
            let (transactions, infos) = try await ledger.adyenHistory(appID: app.id, subscription: key)
            guard let record = payments.schedule.record(subscriptionID: key.id, transactions: transactions, renewalInfos: infos) else { return }
            switch payments.schedule.decide(record, subscriptionID: key.id, at: clock.now()) {
            case .done, .lapsed:
                return
            case .wait(let until):
                try await jobs.enqueue(Self.job(appID: app.id, subscriptionID: key.id, runAt: until, replacing: true))
                return
            case .charge(let reference, _):
                guard let answer = try await AdyenRenewalCharge(connection: connection, payments: payments, plan: plan).perform(reference, start: record.start) else {
                    try await jobs.enqueue(Self.job(
                        appID: app.id, subscriptionID: key.id, runAt: clock.now().adding(milliseconds: Self.pendingPause), replacing: true))
                    return
                }
                try await services.ingestor.ingestForOwners(answer, app: app)
            }
        }
        // Periods still due after as many rounds (a server stopped for months): the next run goes on.
        try await jobs.enqueue(Self.job(appID: app.id, subscriptionID: key.id, runAt: clock.now(), replacing: true))
    }
}
