import Foundation
import PerennialCore

/// Folds a subscription again when time alone changes its state (`SubscriptionEffect.checkStatus`): its
/// stored state and events then follow the clock (an expiry, the end of a grace period or a pause is
/// recorded when it happens, not at the next read).
public struct SubscriptionCheckJob: JobHandler {
    /// The job kind.
    public static let jobKind = "subscription.check"
    public let kind = Self.jobKind

    let apps: AppDirectory
    let ingestor: FactIngestor

    public init(apps: AppDirectory, ingestor: FactIngestor) {
        self.apps = apps
        self.ingestor = ingestor
    }

    struct Payload: Codable, Sendable {
        var appID: String
        var subscription: SubscriptionKey
    }

    /// The job that folds `subscription` again at `runAt`; a later fold moves it (`.replace`).
    static func job(appID: String, subscription: SubscriptionKey, runAt: Instant) throws -> NewJob {
        NewJob(
            kind: jobKind, appID: appID, payload: try JSONEncoder().encode(Payload(appID: appID, subscription: subscription)),
            runAt: runAt, deduplicationKey: deduplicationKey(appID: appID, subscription: subscription), onDuplicate: .replace
        )
    }

    /// The key the one waiting check of a subscription holds.
    static func deduplicationKey(appID: String, subscription: SubscriptionKey) -> String {
        "check:\(appID):\(subscription)"
    }

    public func run(_ job: Job) async throws {
        let payload = try JSONDecoder().decode(Payload.self, from: job.payload)
        try await ingestor.refold([payload.subscription], app: try apps.configuredApp(id: payload.appID), at: ingestor.clock.now())
    }
}
