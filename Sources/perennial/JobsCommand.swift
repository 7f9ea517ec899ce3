import ArgumentParser
import Foundation
import PerennialCore
import PerennialServer
import PerennialServices

/// `perennial jobs list|retry`: inspect the durable job queue and re-queue buried (dead-letter) jobs.
struct JobsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jobs", abstract: "Inspect the job queue and re-queue buried jobs.", subcommands: [List.self, Retry.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List jobs, oldest first (payloads are never shown).")

        @OptionGroup var options: ServerOptions
        @Option(help: "Only this app's jobs.") var app: String?
        @Option(help: "Only jobs in this state: waiting, held (behind an earlier job of their ordering key), leased or buried.") var state: String?
        @Option(help: "At most this many jobs.") var limit = 100

        func run() async throws {
            var jobState: Job.State?
            if let state {
                guard let value = Job.State(rawValue: state) else { throw ValidationError("--state must be waiting, held, leased or buried") }
                jobState = value
            }
            let jobs = try await JobAdministration.list(options.overrides, appID: app, state: jobState, limit: max(limit, 1))
            print("id\tkind\tapp\tstate\tattempts\trun_at\tlast_error")
            for job in jobs {
                print([
                    String(job.id), job.kind, job.appID ?? "-", job.state.rawValue, String(job.attempts), job.runAt.description,
                    job.lastError ?? "-",
                ].joined(separator: "\t"))
            }
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put buried jobs back in the queue, due now.")

        @OptionGroup var options: ServerOptions
        @Argument(help: "The ids of buried jobs.") var ids: [Int64] = []
        @Flag(help: "Every buried job (of --app when given).") var allBuried = false
        @Option(help: "Only this app's jobs.") var app: String?

        func validate() throws {
            guard !ids.isEmpty || allBuried else { throw ValidationError("name job ids, or pass --all-buried") }
        }

        func run() async throws {
            let requeued = try await JobAdministration.retry(options.overrides, jobIDs: ids, allBuried: allBuried, appID: app)
            let missing = Set(ids).subtracting(requeued.map(\.id)).sorted()
            print("re-queued \(requeued.count) job(s)\(requeued.isEmpty ? "" : ": " + requeued.map { String($0.id) }.joined(separator: ", "))")
            if !missing.isEmpty {
                FileHandle.standardError.write(Data("not buried or not found: \(missing.map(String.init).joined(separator: ", "))\n".utf8))
                throw ExitCode.failure
            }
        }
    }
}
