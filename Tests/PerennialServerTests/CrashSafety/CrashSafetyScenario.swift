import Foundation
import PerennialCore
import PerennialServer
import PerennialTesting
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One crash-safety run on one database: `perennial serve` receives the workload's notifications, 32 at a
/// time, and is killed with SIGKILL after a third of them got a 200; a new process on the same database
/// then receives every notification that got no 200, again until each has one (the App Store's retries).
/// The database must then reflect every notification exactly once.
///
/// Meanwhile both servers send the events' webhooks to `receiver`: the kill comes while deliveries are in
/// flight, and the restarted server must then get every event of the feed to the receiver at least once
/// (those the killed server had leased once their leases run out), which the run waits for.
///
/// With `companion` (PostgreSQL), a second server on the same database runs throughout: the notifications
/// and claims go to both in turn, as behind a load balancer, and both run jobs and send webhooks; only the
/// first is killed. At the end both must answer every customer identically.
///
/// With `traffic`, the other stores' customers buy meanwhile (receipts, Google Play, Stripe), before and
/// across the kill, and half change their minds after the restart; their apps' requests and the stores'
/// pushes and webhooks reach the servers through the traffic's pool.
struct CrashSafetyScenario {
    static let subscriptionCount = 600
    static let renewals = 3
    static let concurrency = 32
    /// The longest the run waits, once every notification got its 200, for the webhooks of every event.
    static let webhookPatience = Duration.seconds(180)

    /// What the run leaves to audit.
    struct Outcome {
        let workload: CrashSafetyWorkload
        /// The app's event feed once the restarted server had nothing left to send.
        let feed: [FeedEvent]
        /// Deliveries that ended as dead letters (none expected).
        let deadLetters: Int
        /// What the other stores' traffic did not leave as it must (`OtherStoresAudit`).
        var otherStoresProblems: [String] = []
    }

    let executable: URL
    let workspace: CrashSafetyWorkspace
    let database: CrashSafetyDatabase
    let client: LoopbackClient
    let signer: JWSSigner
    let receiver: WebhookReceiver
    /// Whether a second server shares the database throughout (never killed).
    var companion = false
    /// The other stores' customers, when they take part.
    var traffic: OtherStoresTraffic?
    private let began = ContinuousClock.now
    private let masterKey = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()

    init(
        executable: URL, workspace: CrashSafetyWorkspace, database: CrashSafetyDatabase, client: LoopbackClient, signer: JWSSigner,
        receiver: WebhookReceiver
    ) {
        self.executable = executable
        self.workspace = workspace
        self.database = database
        self.client = client
        self.signer = signer
        self.receiver = receiver
    }

    /// Delivers, crashes, restarts, delivers again, waits for the webhooks; returns what the database and
    /// the receiver must be audited against.
    func run() async throws -> Outcome {
        let seed = UInt64.random(in: 0...UInt64.max)
        let workload = try await CrashSafetyWorkload.generate(
            signer: signer, subscriptionCount: Self.subscriptionCount, renewals: Self.renewals, now: SystemClock().now(), seed: seed
        )
        let total = workload.notifications.count
        log("\(total) notifications for \(workload.subscriptions.count) subscriptions, \(workload.claims.count) claimed first, order seed \(seed)")
        let other = companion ? try await start(generation: 0) : nil
        let first: ServeProcess
        do {
            first = try await start(generation: 1)
        } catch {
            await other?.crash()
            throw error
        }
        var second: ServeProcess?
        var otherStoresProblems: [String] = []
        let feed: [FeedEvent]
        let work: PendingWork?
        // Before the kill: the first server, and the companion when there is one.
        let starting = [first] + (other.map { [$0] } ?? [])
        for server in starting { traffic?.pool.add(server.port) }
        let pump = traffic.map { traffic in Task { await traffic.pump() } }
        defer { pump?.cancel() }
        do {
            try await claim(workload.claims, on: starting)
            log(other == nil ? "server started, subscriptions claimed" : "two servers started, subscriptions claimed on both")
            let pid = first.pid
            let delay = Duration.milliseconds(Int.random(in: 0...50))
            // The dispatchers keep up with the notifications when the receiver answers at once: it answers
            // each webhook half a second late until the kill, so that the kill comes while some are still owed.
            try await receiver.setFault(WebhookReceiverFault(kind: .hang, holdSeconds: 0.5, seconds: 3_600))
            async let purchasesInOtherStores = traffic?.buy() ?? []
            let beforeCrash = await delivery(starting).deliver(
                workload.notifications, crashAfter: total / 3, crashDelay: delay
            ) {
                _ = kill(pid, SIGKILL)
            }
            await first.crash()
            await receiver.clearFault()
            traffic?.pool.remove(first.port)
            log("SIGKILL \(delay) after the \(total / 3)th 200; the killed server answered: \(beforeCrash)")
            try #require(beforeCrash.crashed, "the server was not killed: \(beforeCrash)")
            let received = await receiver.deliveries
            log("webhooks received before the kill: \(received.count) (\(Set(received.compactMap(\.id)).count) events)")
            let left = try await database.leftoversAfterCrash(
                appID: CrashSafetyWorkspace.appID, endpointID: CrashSafetyWorkspace.endpointID,
                scratch: workspace.directory.appendingPathComponent("after-crash")
            )
            log("left by the killed server: \(left)")
            // The kill must come in the middle of the deliveries: some sent, some still owed.
            #expect(left.webhookDeliveries["delivered", default: 0] > 0 && left.webhookDeliveries["pending", default: 0] > 0,
                    "the kill did not come while webhooks were being delivered: \(left)")

            let restarted = try await start(generation: 2)
            second = restarted
            traffic?.pool.add(restarted.port)
            log("server restarted on the same database")
            if let traffic {
                let problems = await purchasesInOtherStores
                #expect(problems.isEmpty, "buying in the other stores: \(problems)")
                let changes = await traffic.change()
                #expect(changes.isEmpty, "changes in the other stores: \(changes)")
                log("\(OtherStoresTraffic.appUserIDs.count) customers bought with receipts, on Google Play and on the web; half changed their minds")
            }
            let servers = [restarted] + (other.map { [$0] } ?? [])
            var acknowledged = Set(beforeCrash.acknowledged)
            var round = 0
            while acknowledged.count < total {
                round += 1
                try #require(round <= 5, "\(total - acknowledged.count) notifications still without a 200 after 5 rounds")
                let report = await delivery(servers).deliver(workload.notifications.filter { !acknowledged.contains($0.uuid) })
                log("after restart, round \(round): \(report)")
                acknowledged.formUnion(report.acknowledged)
            }
            let sample = workload.notifications.filter { beforeCrash.acknowledged.prefix(20).contains($0.uuid) }
            let repeats = await delivery(servers).deliver(sample)
            #expect(repeats.acknowledged.count == sample.count && repeats.repeats == sample.count, "re-sent after a 200: \(repeats)")
            log("every notification answered 200")
            if let traffic {
                let delivered = await traffic.awaitStoresDelivered(within: .seconds(120))
                #expect(delivered, "Google Play or Stripe still has pushes or webhooks without a 2xx")
                log("Google Play's pushes and Stripe's webhooks all answered 2xx")
            }
            (feed, work) = try await awaitWebhooks(on: restarted)
            if let other {
                let customers = Set(workload.subscriptions.compactMap(\.owner)).sorted() + (traffic == nil ? [] : OtherStoresTraffic.appUserIDs)
                let differences = await CustomerViewComparison(client: client, ports: servers.map(\.port)).differences(appUserIDs: customers)
                #expect(differences.isEmpty, "the two servers answer differently for \(differences.count) customers, the first: \(differences.prefix(5))")
                log("both servers answer every customer identically")
                if let traffic {
                    otherStoresProblems = try await audit(traffic, port: restarted.port)
                    log("the other stores' traffic audited: \(otherStoresProblems.count) problems")
                }
                await other.stop()
            }
            await restarted.stop()
        } catch {
            await first.crash()
            await second?.crash()
            await other?.crash()
            throw error
        }
        return Outcome(workload: workload, feed: feed, deadLetters: work?.deadLetters ?? 0, otherStoresProblems: otherStoresProblems)
    }

    private func audit(_ traffic: OtherStoresTraffic, port: Int) async throws -> [String] {
        let connection = try await database.open()
        do {
            let problems = try await OtherStoresAudit(traffic: traffic).problems(in: connection, client: client, port: port)
            await connection.shutdown()
            return problems
        } catch {
            await connection.shutdown()
            throw error
        }
    }

    /// Waits until the restarted server has no notification left to process and no delivery left to send,
    /// and every event of its feed has reached the receiver with a 200 and a valid signature; returns the
    /// feed and the last pending work seen. At `webhookPatience` it stops waiting, without failing: the
    /// audit then lists what is missing.
    private func awaitWebhooks(on server: ServeProcess) async throws -> (feed: [FeedEvent], work: PendingWork?) {
        let admin = CrashSafetyAdmin(client: client, port: server.port)
        let started = ContinuousClock.now
        var nextReport = started + .seconds(10)
        var feed: [FeedEvent] = []
        var work: PendingWork?
        var missing = 0
        var lastError: String?
        while true {
            do {
                // The pending work first: once there is none, the feed read after it has every event there will be.
                let pending = try await admin.pendingWork(endpointID: CrashSafetyWorkspace.endpointID)
                feed += try await admin.feed(after: feed.last?.position ?? 0)
                work = pending
                let arrived = Set(await receiver.deliveries.filter { $0.status == 200 && $0.signatureValid }.compactMap(\.id))
                missing = feed.filter { !arrived.contains($0.id) }.count
                if pending.isIdle, missing == 0 {
                    log("every one of the \(feed.count) feed events arrived at the receiver, \(Self.seconds(ContinuousClock.now - started)) s after the last 200")
                    return (feed, work)
                }
            } catch {
                lastError = String(describing: error)
            }
            let state = "\(missing) of \(feed.count) feed events not received yet, \(work.map(String.init(describing:)) ?? "no answer yet")"
                + (lastError.map { "; last error: \($0)" } ?? "")
            guard ContinuousClock.now - started < Self.webhookPatience else {
                log("stopped waiting for webhooks after \(Self.webhookPatience): \(state)")
                return (feed, work)
            }
            if ContinuousClock.now >= nextReport {
                log("waiting for webhooks: \(state)")
                nextReport += .seconds(10)
            }
            try await Task.sleep(for: .milliseconds(250))
        }
    }

    private func start(generation: Int) async throws -> ServeProcess {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PERENNIAL_") }
        environment["PERENNIAL_MASTER_KEY"] = masterKey
        environment["PERENNIAL_DATABASE"] = database.url
        let port = try LoopbackPort.free()
        let server = try ServeProcess(
            executable: executable, arguments: ["--config", workspace.configuration.path, "--port", "\(port)"],
            environment: environment, directory: workspace.directory, port: port,
            log: workspace.directory.appendingPathComponent("serve-\(generation).log")
        )
        do {
            try await server.waitUntilHealthy(client: client)
        } catch {
            await server.crash()
            throw error
        }
        return server
    }

    /// The customers' apps post their first transactions, as StoreKit 2 apps do, `concurrency` at a time (all
    /// at once, on a busy machine, some wait longer than the server's patience or the client's pool allows,
    /// the more so as the webhooks of the first ones are being sent meanwhile).
    private func claim(_ claims: [WorkloadClaim], on servers: [ServeProcess]) async throws {
        let urls = servers.map { "http://127.0.0.1:\($0.port)/v1/transactions" }
        let answers = await withTaskGroup(of: [LoopbackClient.Answer].self) { group in
            for worker in 0..<min(Self.concurrency, claims.count) {
                group.addTask {
                    var answers: [LoopbackClient.Answer] = []
                    for index in stride(from: worker, to: claims.count, by: Self.concurrency) {
                        answers.append(await client.post(
                            urls[index % urls.count], json: claims[index].body, bearer: CrashSafetyWorkspace.publicKey))
                    }
                    return answers
                }
            }
            return await group.reduce(into: [LoopbackClient.Answer]()) { $0 += $1 }
        }
        let failures = answers.filter { $0.status != 200 }.map { "\($0.status.map(String.init) ?? "no answer"): \($0.body.prefix(200))" }
        try #require(failures.isEmpty, "POST /v1/transactions failed \(failures.count) times: \(Set(failures))\n\(servers[0].logTail())")
    }

    private func delivery(_ servers: [ServeProcess]) -> NotificationDelivery {
        NotificationDelivery(
            client: client, urls: servers.map { "http://127.0.0.1:\($0.port)/v1/apple/notifications/\(CrashSafetyWorkspace.appID)" },
            concurrency: Self.concurrency
        )
    }

    /// Prints a step, with the seconds since the scenario began.
    private func log(_ message: String) {
        print("[crash safety, \(database.kind), \(Self.seconds(ContinuousClock.now - began)) s] \(message)")
    }

    /// A duration in seconds, to a tenth.
    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
