import Foundation
import PerennialCore
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
struct CrashSafetyScenario {
    static let subscriptionCount = 600
    static let renewals = 3
    static let concurrency = 32

    let executable: URL
    let workspace: CrashSafetyWorkspace
    let database: CrashSafetyDatabase
    let client: LoopbackClient
    let signer: JWSSigner
    private let began = ContinuousClock.now
    private let masterKey = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()

    init(executable: URL, workspace: CrashSafetyWorkspace, database: CrashSafetyDatabase, client: LoopbackClient, signer: JWSSigner) {
        self.executable = executable
        self.workspace = workspace
        self.database = database
        self.client = client
        self.signer = signer
    }

    /// Delivers, crashes, restarts, delivers again; returns what the database must be audited against.
    func run() async throws -> CrashSafetyWorkload {
        let seed = UInt64.random(in: 0...UInt64.max)
        let workload = try await CrashSafetyWorkload.generate(
            signer: signer, subscriptionCount: Self.subscriptionCount, renewals: Self.renewals, now: SystemClock().now(), seed: seed
        )
        let total = workload.notifications.count
        log("\(total) notifications for \(workload.subscriptions.count) subscriptions, \(workload.claims.count) claimed first, order seed \(seed)")
        let first = try await start(generation: 1)
        var second: ServeProcess?
        do {
            try await claim(workload.claims, on: first)
            log("server started, subscriptions claimed")
            let pid = first.pid
            let delay = Duration.milliseconds(Int.random(in: 0...50))
            let beforeCrash = await delivery(first).deliver(workload.notifications, crashAfter: total / 3, crashDelay: delay) {
                _ = kill(pid, SIGKILL)
            }
            await first.crash()
            log("SIGKILL \(delay) after the \(total / 3)th 200; the killed server answered: \(beforeCrash)")
            try #require(beforeCrash.crashed, "the server was not killed: \(beforeCrash)")
            let left = try await database.inboxStatusesAfterCrash(
                appID: CrashSafetyWorkspace.appID, scratch: workspace.directory.appendingPathComponent("after-crash")
            )
            log("inbox left by the killed server: \(left.sorted { $0.key < $1.key })")

            let restarted = try await start(generation: 2)
            second = restarted
            log("server restarted on the same database")
            var acknowledged = Set(beforeCrash.acknowledged)
            var round = 0
            while acknowledged.count < total {
                round += 1
                try #require(round <= 5, "\(total - acknowledged.count) notifications still without a 200 after 5 rounds")
                let report = await delivery(restarted).deliver(workload.notifications.filter { !acknowledged.contains($0.uuid) })
                log("after restart, round \(round): \(report)")
                acknowledged.formUnion(report.acknowledged)
            }
            let sample = workload.notifications.filter { beforeCrash.acknowledged.prefix(20).contains($0.uuid) }
            let repeats = await delivery(restarted).deliver(sample)
            #expect(repeats.acknowledged.count == sample.count && repeats.repeats == sample.count, "re-sent after a 200: \(repeats)")
            await restarted.stop()
        } catch {
            await first.crash()
            await second?.crash()
            throw error
        }
        log("every notification answered 200")
        return workload
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

    /// The customers' apps post their first transactions, as StoreKit 2 apps do.
    private func claim(_ claims: [WorkloadClaim], on server: ServeProcess) async throws {
        let url = "http://127.0.0.1:\(server.port)/v1/transactions"
        let answers = await withTaskGroup(of: LoopbackClient.Answer.self) { group in
            for claim in claims {
                group.addTask { await client.post(url, json: claim.body, bearer: CrashSafetyWorkspace.publicKey) }
            }
            return await group.reduce(into: [LoopbackClient.Answer]()) { $0.append($1) }
        }
        let failures = answers.filter { $0.status != 200 }.map { "\($0.status.map(String.init) ?? "no answer"): \($0.body.prefix(200))" }
        try #require(failures.isEmpty, "POST /v1/transactions failed \(failures.count) times: \(Set(failures))\n\(server.logTail())")
    }

    private func delivery(_ server: ServeProcess) -> NotificationDelivery {
        NotificationDelivery(
            client: client, url: "http://127.0.0.1:\(server.port)/v1/apple/notifications/\(CrashSafetyWorkspace.appID)",
            concurrency: Self.concurrency
        )
    }

    /// Prints a step, with the seconds since the scenario began.
    private func log(_ message: String) {
        let elapsed = ContinuousClock.now - began
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("[crash safety, \(database.kind), \(String(format: "%.1f", seconds)) s] \(message)")
    }
}
