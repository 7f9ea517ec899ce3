import Foundation
import PerennialTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Operator safety when `perennial serve` starts (the built executable, as a child process): the key and
/// database files are private, a wrong or exposed master key stops the start with a message saying what to
/// do, and "listening" is logged only once the socket is bound.
@Suite("perennial serve: startup safety", .serialized)
struct StartupSafetyTests {
    /// A workspace with the master key in `perennial.key` (not the environment) and an SQLite database.
    struct Setup {
        let executable: URL
        let workspace: CrashSafetyWorkspace
        var keyFile: URL { workspace.directory.appendingPathComponent("perennial.key") }
        var database: URL { workspace.directory.appendingPathComponent("perennial.sqlite") }

        init() throws {
            executable = try #require(
                PerennialExecutable.locate(),
                "the perennial executable is not in \(PerennialExecutable.candidateFolders().map(\.path))")
            workspace = try CrashSafetyWorkspace(rootCertificateDER: try TestCertificateAuthority().rootDER)
        }

        func start(port: Int) throws -> ServeProcess {
            var environment = ProcessInfo.processInfo.environment
            environment.removeValue(forKey: "PERENNIAL_MASTER_KEY")
            environment["PERENNIAL_DATABASE"] = "sqlite://" + database.path
            environment["PERENNIAL_MASTER_KEY_FILE"] = keyFile.path
            return try ServeProcess(
                executable: executable, arguments: ["--config", workspace.configuration.path, "--port", "\(port)"],
                environment: environment, directory: workspace.directory, port: port,
                log: workspace.directory.appendingPathComponent("serve-\(UUID().uuidString).log"))
        }

        /// Starts the server and expects it to exit by itself; returns its log.
        func startExpectingRefusal(port: Int) async throws -> String {
            let server = try start(port: port)
            let exited = await server.waitForExit(within: .seconds(60))
            #expect(exited, "perennial serve should have refused to start:\n\(server.logTail())")
            await server.crash()
            return server.logTail(lines: 40)
        }

        func mode(_ file: URL) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
        }
    }

    @Test(.timeLimit(.minutes(3))) func keyAndDatabaseFilesArePrivateAndAWrongKeyIsRefused() async throws {
        let setup = try Setup()
        defer { setup.workspace.remove() }
        let client = LoopbackClient(connections: 1)
        let port = try LoopbackPort.free()
        let server = try setup.start(port: port)
        do {
            try await server.waitUntilHealthy(client: client)
        } catch {
            await client.shutdown()
            throw error
        }
        await client.shutdown()
        #expect(server.logTail().contains("perennial listening"))
        let files = ["perennial.key", "perennial.sqlite", "perennial.sqlite-wal", "perennial.sqlite-shm"]
        let modes = files.map { setup.mode(setup.workspace.directory.appendingPathComponent($0)) }
        await server.stop()
        #expect(modes == [0o600, 0o600, 0o600, 0o600], "\(files) modes: \(modes.map { $0.map { String($0, radix: 8) } ?? "missing" })")

        let rightKey = try Data(contentsOf: setup.keyFile)
        try FileManager.default.removeItem(at: setup.keyFile)
        let otherKey = String(repeating: "ab", count: 32) + "\n"
        #expect(FileManager.default.createFile(
            atPath: setup.keyFile.path, contents: Data(otherKey.utf8), attributes: [.posixPermissions: 0o600]))
        let refused = try await setup.startExpectingRefusal(port: try LoopbackPort.free())
        #expect(refused.contains("the master key does not open this database's secrets"), "\(refused)")
        #expect(!refused.contains("perennial listening"))

        try rightKey.write(to: setup.keyFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: setup.keyFile.path)
        let exposed = try await setup.startExpectingRefusal(port: try LoopbackPort.free())
        #expect(exposed.contains("chmod 600"), "\(exposed)")
        #expect(!exposed.contains(String(decoding: rightKey, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test(.timeLimit(.minutes(2))) func listeningIsNotLoggedWhenThePortIsTaken() async throws {
        let setup = try Setup()
        defer { setup.workspace.remove() }
        let held = try LoopbackPort.hold(listening: true)
        defer { close(held.descriptor) }
        let log = try await setup.startExpectingRefusal(port: held.port)
        #expect(!log.contains("perennial listening"), "\(log)")
    }
}
