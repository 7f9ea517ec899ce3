import Foundation
import PerennialCore

/// Checks one subscription's status with its store, for stores whose adapter can read a subscription
/// (`StoreAdapter.currentFacts`: Google Play re-reads the purchase), and ingests what the store says, for
/// its owners. The App Store has its own job (`StatusPoll`), which can fall back to a stored receipt.
public struct StoreStatusPollJob: JobHandler {
    /// The job kind.
    public static let jobKind = "store.status.poll"
    public let kind = Self.jobKind

    let apps: AppDirectory
    let adapters: StoreAdapters
    let ingestor: FactIngestor

    public init(apps: AppDirectory, adapters: StoreAdapters, ingestor: FactIngestor) {
        self.apps = apps
        self.adapters = adapters
        self.ingestor = ingestor
    }

    struct Payload: Codable, Sendable {
        var appID: String
        var subscription: SubscriptionKey
    }

    /// The job that checks `subscription` at `runAt`; while one waits for it, another is dropped (`.keep`).
    public static func job(appID: String, subscription: SubscriptionKey, runAt: Instant) throws -> NewJob {
        NewJob(
            kind: jobKind, appID: appID, payload: try JSONEncoder().encode(Payload(appID: appID, subscription: subscription)),
            runAt: runAt, deduplicationKey: "poll:\(appID):\(subscription)", onDuplicate: .keep
        )
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(Payload.self, from: job.payload)
        let app = try apps.configuredApp(id: payload.appID)
        guard let facts = try await adapters.required(for: payload.subscription.store).currentFacts(of: payload.subscription, app: app),
              !facts.transactions.isEmpty || !facts.renewalInfos.isEmpty
        else { return }
        try await ingestor.ingestForOwners(facts, app: app)
    }
}
