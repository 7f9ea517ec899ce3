import Foundation
import PerennialCore
import PerennialServices

/// The shape of Google Play's periodic per-app jobs (the voided sweep, the Pub/Sub pull): the app's id as
/// payload, one job of a kind per app waiting at a time (`.keep`).
enum PlayAppJob {
    struct Payload: Codable, Sendable {
        var appID: String
    }

    static func make(kind: String, appID: String, runAt: Instant) throws -> NewJob {
        NewJob(
            kind: kind, appID: appID, payload: try JSONEncoder().encode(Payload(appID: appID)), runAt: runAt,
            deduplicationKey: "\(kind):\(appID)", onDuplicate: .keep
        )
    }

    /// The configured app a job works for.
    static func app(of job: Job, in apps: AppDirectory) throws -> AppSettings {
        try apps.configuredApp(id: try JSONDecoder().decode(Payload.self, from: job.payload).appID)
    }
}
