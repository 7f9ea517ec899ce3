import Foundation
import PerennialCore

/// Performs an effect with its store (`SubscriptionEffect.acknowledge`) through the store's adapter, then
/// ingests what the store says afterwards, so a done effect is not decided again.
public struct StoreEffectJob: JobHandler {
    /// The job kind.
    public static let jobKind = "store.effect"
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
        var effect: SubscriptionEffect
    }

    /// The job that acknowledges `transactionID` at `runAt`; while one for the same purchase waits or runs,
    /// a new one is dropped (`.keep`).
    static func acknowledgement(appID: String, subscription: SubscriptionKey, transactionID: String, runAt: Instant) throws -> NewJob {
        let effect = SubscriptionEffect.acknowledge(subscription, transactionID: transactionID)
        return NewJob(
            kind: jobKind, appID: appID, payload: try JSONEncoder().encode(Payload(appID: appID, effect: effect)),
            runAt: runAt, deduplicationKey: "acknowledge:\(appID):\(subscription):\(transactionID)", onDuplicate: .keep
        )
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(Payload.self, from: job.payload)
        let app = try apps.configuredApp(id: payload.appID)
        let facts = try await adapters.required(for: payload.effect.subscription.store).perform(payload.effect, app: app)
        if !facts.transactions.isEmpty || !facts.renewalInfos.isEmpty {
            try await ingestor.ingestForOwners(facts, app: app)
        }
    }
}
