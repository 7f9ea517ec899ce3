import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Issue 34, item 5, on the real executable: `perennial serve` reloads its file at SIGHUP, and a bad file
/// sent the same way leaves it serving what it had.
@Suite("SIGHUP reloads perennial serve", .serialized)
struct ReloadSignalTests {
    @Test func sighupAppliesTheEditedFileAndABadOneChangesNothing() async throws {
        let executable = try #require(PerennialExecutable.locate(), "build the perennial executable first (swift build --build-tests)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-sighup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("perennial.yaml")
        let forest = ConfigurationReloadTests.forest, rotated = ConfigurationReloadTests.forestRotated
        let server = try ServeProcess.start(
            executable: executable, configuration: ConfigurationReloadTests.file(apps: [ReloadableServer.app("forest", keys: forest)]),
            in: directory)
        let client = LoopbackClient(connections: 2)
        let jobs = "http://127.0.0.1:\(server.port)/v1/admin/jobs"
        do {
            try await server.waitUntilHealthy(client: client)
            #expect(await client.get(jobs, bearer: forest.secret).status == 200)

            try ConfigurationReloadTests.file(apps: [ReloadableServer.app("forest", keys: rotated)])
                .write(to: file, atomically: true, encoding: .utf8)
            kill(server.pid, SIGHUP)
            #expect(await Self.eventually { await client.get(jobs, bearer: rotated.secret).status == 200 }, "\(server.logTail())")
            #expect(await client.get(jobs, bearer: forest.secret).status == 401)

            try "apps: [{id: forest}]".write(to: file, atomically: true, encoding: .utf8)
            kill(server.pid, SIGHUP)
            #expect(await Self.eventually { server.logTail().contains("configuration reload refused") }, "\(server.logTail())")
            #expect(await client.get(jobs, bearer: rotated.secret).status == 200, "a bad file changes nothing")
            #expect(await server.waitForExit(within: .milliseconds(10)) == false, "the server runs on")
        } catch {
            await server.stop()
            await client.shutdown()
            throw error
        }
        await server.stop()
        await client.shutdown()
    }

    /// Whether `condition` holds within ten seconds, asked every 50 ms.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
