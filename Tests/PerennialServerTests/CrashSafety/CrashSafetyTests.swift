import Foundation
import PerennialCore
import PerennialServer
import PerennialServices
import PerennialTesting
import Testing

/// GitHub issue 5, item 5: `perennial serve` killed with SIGKILL while thousands of signed notifications
/// arrive, restarted, and sent again every notification that got no 200, loses and doubles nothing. Runs the
/// built `perennial` executable as a child process, on SQLite always and on PostgreSQL when
/// `PERENNIAL_TEST_POSTGRES_URL` is set.
///
/// Outgoing webhooks: the kill also comes while webhooks are being delivered to a receiver the
/// configuration names; after the restart every event of the feed must reach it at least once, signed,
/// with each customer's events first arriving in the customer's feed order.
@Suite("Crash safety: perennial serve killed while notifications arrive", .serialized)
struct CrashSafetyTests {
    @Test(arguments: CrashSafetyDatabase.Kind.available)
    func everyAcknowledgedNotificationIsReflectedExactlyOnce(_ kind: CrashSafetyDatabase.Kind) async throws {
        let executable = try #require(
            PerennialExecutable.locate(),
            "the perennial executable is not in \(PerennialExecutable.candidateFolders().map(\.path)); build it with `swift build --build-tests`"
        )
        try await CrashSafetyReceiver.run { receiver, url, secret in
            try await run(kind, executable: executable, receiver: receiver, webhookURL: url, webhookSecret: secret)
        }
    }

    /// Issue 34, item 4: two servers on one PostgreSQL take the notifications, claims and webhooks in turn,
    /// and the other stores' traffic (receipts, Google Play purchases and pushes, Stripe checkouts and
    /// webhooks, through a pool that sends each request to one server or the other); one server is killed
    /// with SIGKILL mid-run and restarted while the other goes on. Every acknowledged notification of every
    /// store is reflected exactly once, every event's webhook arrives at least once and in each customer's
    /// order, and both servers answer every customer identically.
    @Test(.enabled(if: CrashSafetyDatabase.Kind.available.contains(.postgresql), "needs PERENNIAL_TEST_POSTGRES_URL"))
    func twoServersOnOnePostgreSQLSurviveOneKilled() async throws {
        let executable = try #require(PerennialExecutable.locate(), "build the perennial executable first (swift build --build-tests)")
        try await CrashSafetyReceiver.run { receiver, url, secret in
            try await run(.postgresql, executable: executable, receiver: receiver, webhookURL: url, webhookSecret: secret, companion: true)
        }
    }

    private func run(
        _ kind: CrashSafetyDatabase.Kind, executable: URL, receiver: WebhookReceiver, webhookURL: String, webhookSecret: WebhookSigningSecret,
        companion: Bool = false
    ) async throws {
        let client = LoopbackClient(connections: CrashSafetyScenario.concurrency)
        do {
            let endpoint = CrashSafetyWorkspace.Endpoint(url: webhookURL, secret: webhookSecret)
            if companion {
                try await OtherStoresTraffic.run(pool: ServerPool(client: client)) { traffic in
                    try await run(kind, executable: executable, receiver: receiver, endpoint: endpoint, client: client, traffic: traffic)
                }
            } else {
                try await run(kind, executable: executable, receiver: receiver, endpoint: endpoint, client: client, traffic: nil)
            }
        } catch {
            await client.shutdown()
            throw error
        }
        await client.shutdown()
    }

    /// One run; with `traffic`, a second server shares the database and the other stores take part.
    private func run(
        _ kind: CrashSafetyDatabase.Kind, executable: URL, receiver: WebhookReceiver, endpoint: CrashSafetyWorkspace.Endpoint,
        client: LoopbackClient, traffic: OtherStoresTraffic?
    ) async throws {
        let authority = try TestCertificateAuthority()
        let workspace = try CrashSafetyWorkspace(rootCertificateDER: authority.rootDER, webhooks: endpoint, stores: traffic?.stores)
        var database: CrashSafetyDatabase?
        do {
            let prepared = try await CrashSafetyDatabase.make(kind, in: workspace.directory)
            database = prepared
            var scenario = CrashSafetyScenario(
                executable: executable, workspace: workspace, database: prepared, client: client, signer: authority.signer,
                receiver: receiver
            )
            scenario.companion = traffic != nil
            scenario.traffic = traffic
            let outcome = try await scenario.run()
            // The servers stopped here: a job they could not run before (a lease of the killed one running out
            // later) is not one the audit, perhaps a minute later under load, may count as left behind.
            let stopped = SystemClock().now()
            var result = try await audit(outcome.workload, app: workspace.app(), database: prepared)
            result.problems += outcome.otherStoresProblems
            print("[crash safety, \(kind)] audit: \(result)")
            let connection = try await prepared.open()
            let jobProblems: [String]
            let replayProblems: [String]
            do {
                // The jobs first: the replay may enqueue work of its own.
                jobProblems = try await JobAudit(appID: CrashSafetyWorkspace.appID, now: stopped).problems(in: connection)
                replayProblems = try await ReplayCheck(app: workspace.app(), now: SystemClock().now()).problems(in: connection)
            } catch {
                await connection.shutdown()
                throw error
            }
            await connection.shutdown()
            print("[crash safety, \(kind)] every job ran to its end: \(jobProblems.isEmpty); states, events and every metric equal a replay: \(replayProblems.isEmpty)")
            result.problems += jobProblems + replayProblems
            if !result.problems.isEmpty {
                Issue.record("\(result.problems.count) differences after the crash, the first:\n\(result.problems.prefix(20).joined(separator: "\n"))")
            }
            var webhooks = WebhookAudit(feed: outcome.feed, deliveries: await receiver.deliveries).audit()
            if outcome.deadLetters > 0 { webhooks.problems.append("\(outcome.deadLetters) deliveries ended as dead letters") }
            print("[crash safety, \(kind)] webhooks: \(webhooks)")
            if !webhooks.problems.isEmpty {
                Issue.record(
                    "\(webhooks.problems.count) webhook problems after the crash, the first:\n\(webhooks.problems.prefix(20).joined(separator: "\n"))")
            }
        } catch {
            await cleanUp(database: database, workspace: workspace)
            throw error
        }
        await cleanUp(database: database, workspace: workspace)
    }

    private func audit(
        _ workload: CrashSafetyWorkload, app: AppSettings, database: CrashSafetyDatabase
    ) async throws -> CrashSafetyAuditResult {
        let connection = try await database.open()
        do {
            let result = try await CrashSafetyAudit(workload: workload, app: app).audit(connection, at: SystemClock().now())
            await connection.shutdown()
            return result
        } catch {
            await connection.shutdown()
            throw error
        }
    }

    private func cleanUp(database: CrashSafetyDatabase?, workspace: CrashSafetyWorkspace) async {
        await database?.dispose()
        workspace.remove()
    }
}
