import Foundation
import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Pulls an app's RTDN from its Pub/Sub subscription (each scheduler tick, one job at a time per app) and
/// hands each message to `StoreNotificationService.accept`, as a push would be: stored, then processed from
/// a fresh read of the purchase. A message is acknowledged to Pub/Sub once stored — processed, queued, or
/// refused for what it is (it would be refused again) — and left unacknowledged when it could not be
/// stored, so that Pub/Sub delivers it again.
public struct PlayPubSubPullJob: JobHandler {
    public static let jobKind = "google.pubsub.pull"
    /// The most batches one run pulls before leaving the rest to the next.
    static let maximumBatches = 20
    public let kind = Self.jobKind

    let apps: AppDirectory
    let connections: PlayConnections
    let notifications: StoreNotificationService

    public init(apps: AppDirectory, connections: PlayConnections, notifications: StoreNotificationService) {
        self.apps = apps
        self.connections = connections
        self.notifications = notifications
    }

    /// A pull due now; one waiting at a time.
    static func job(appID: String, at now: Instant) throws -> NewJob {
        try PlayAppJob.make(kind: jobKind, appID: appID, runAt: now)
    }

    public func run(_ job: Job) async throws {
        let app = try PlayAppJob.app(of: job, in: apps)
        guard let subscription = try connections.connection(for: app).pull else { return }
        for _ in 0..<Self.maximumBatches {
            let received: [PlayPubSubSubscription.Received]
            do {
                received = try await subscription.pull()
            } catch {
                throw error.perennialError
            }
            if received.isEmpty { return }
            var stored: [String] = []
            for message in received {
                do {
                    _ = try await notifications.accept(app: app, store: .playStore, body: message.envelope)
                    stored.append(message.ackID)
                } catch let error as PerennialError where !error.isTransient {
                    stored.append(message.ackID)
                }
            }
            do {
                try await subscription.acknowledge(stored)
            } catch {
                throw error.perennialError
            }
        }
    }
}
