import Foundation
import PerennialTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `perennial serve` as a child process, its output in a log file. A process still running when the value
/// goes away is killed, so a failing test leaves no server behind.
final class ServeProcess {
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let port: Int
    let log: URL
    private let process: SpawnedProcess

    /// The process id, for a kill from another task.
    var pid: Int32 { process.processIdentifier }

    /// Starts `executable serve` with `arguments` in `directory`; `environment` replaces the test's.
    init(executable: URL, arguments: [String], environment: [String: String], directory: URL, port: Int, log: URL) throws {
        self.port = port
        self.log = log
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        process = try SpawnedProcess(
            executable: executable.path, arguments: ["serve"] + arguments, environment: environment, directory: directory.path,
            output: log.path, errors: log.path)
    }

    deinit {
        process.send(SIGKILL)
    }

    /// Waits until `GET /health` answers 200; throws with the end of the log if the process exits first or
    /// the deadline passes.
    func waitUntilHealthy(client: LoopbackClient, within limit: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let status = process.terminationStatus {
                throw StartFailure(description: "perennial serve exited with \(status):\n\(logTail())")
            }
            if await client.get("http://127.0.0.1:\(port)/health").status == 200 { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw StartFailure(description: "perennial serve did not answer /health within \(limit):\n\(logTail())")
    }

    /// SIGKILL, then waits for the process to be gone.
    func crash() async {
        process.send(SIGKILL)
        _ = await waitForExit(within: .seconds(10))
    }

    /// SIGTERM (graceful shutdown), then SIGKILL if it is still running after `grace`.
    func stop(grace: Duration = .seconds(15)) async {
        guard process.isRunning else { return }
        process.send(SIGTERM)
        if await waitForExit(within: grace) { return }
        await crash()
    }

    /// Whether the process exited within `limit`.
    func waitForExit(within limit: Duration) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return !process.isRunning
    }

    /// The last lines of the server's log (the server never logs secrets or payloads).
    func logTail(lines: Int = 20) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }
}
