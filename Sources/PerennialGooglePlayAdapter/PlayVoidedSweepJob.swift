import Foundation
import PerennialCore
import PerennialGooglePlay
import PerennialServices

/// Reconciles refunds, chargebacks and revocations that no notification announced (RTDN is not guaranteed):
/// reads the app's voided purchases of the last 30 days (all Google keeps) and, for each purchase token
/// Perennial knows, reads the purchase again and ingests it with the voided orders cancelled. Runs every
/// `interval` per app (`GooglePlayAdapter.periodicJobs`), one at a time; doing it twice changes nothing.
public struct PlayVoidedSweepJob: JobHandler {
    public static let jobKind = "google.voided.sweep"
    /// How often each app's voided purchases are read.
    public static let interval: Int64 = 60 * 60_000
    public let kind = Self.jobKind

    let apps: AppDirectory
    let connections: PlayConnections
    let reader: PlayPurchaseReader
    let ingestor: FactIngestor
    let clock: any Clock

    public init(apps: AppDirectory, connections: PlayConnections, ledger: any Ledger, ingestor: FactIngestor, clock: any Clock) {
        self.apps = apps
        self.connections = connections
        reader = PlayPurchaseReader(ledger: ledger, clock: clock)
        self.ingestor = ingestor
        self.clock = clock
    }

    /// The app's next sweep, due `interval` from now; a sweep already waiting stays.
    static func job(appID: String, at now: Instant) throws -> NewJob {
        try PlayAppJob.make(kind: jobKind, appID: appID, runAt: now.adding(milliseconds: interval))
    }

    public func run(_ job: Job) async throws {
        let app = try PlayAppJob.app(of: job, in: apps)
        let connection = try connections.connection(for: app)
        let voided: [PlayVoidedPurchase]
        do {
            voided = try await connection.client.voidedPurchases(since: clock.now().adding(milliseconds: -PlayVoidedPurchases.window))
        } catch {
            throw error.perennialError
        }
        for token in Set(voided.map(\.purchaseToken)).sorted() {
            guard let known = try await reader.subscription(of: token, app: app) else { continue }
            let facts = try await reader.currentFacts(of: known, app: app, connection: connection)
            try await ingestor.ingestForOwners(
                PlayVoidedPurchases.apply(voided.filter { $0.purchaseToken == token }, to: facts), app: app
            )
        }
    }
}
