import Foundation
import PerennialTesting
import Testing

/// `perennial-bench` runs every benchmark end to end: a few hundred customers, a fraction of a second each,
/// SQLite only. It checks that each prints a well-formed line with a positive rate, never how fast it is
/// (a debug build measures nothing useful). The test runs the `perennial-bench` executable built beside the
/// test bundle, so the benchmarks stay out of the test targets; it is skipped when the executable is not there.
@Suite struct BenchCommandSmokeTests {
    static var executable: URL? {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [directory, directory.deletingLastPathComponent(), directory.deletingLastPathComponent().deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("perennial-bench")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue { return url }
        }
        return nil
    }

    @Test(.enabled(if: executable != nil, "the perennial-bench executable is not built beside the tests"))
    func everyBenchmarkPrintsAJSONLine() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-bench-smoke-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        guard let executable = Self.executable else { return }
        let outcome = try await ChildProcess(executable: executable, arguments: [
            "--json", "--seconds", "0.2", "--rounds", "1", "--customers", "300", "--metrics-customers", "300",
            "--connections", "4", "--no-postgres", "--work-dir", work.path,
        ]).run()
        let data = outcome.output
        #expect(outcome.status == 0, "\(outcome.errorText)")

        var rates: [String: Double] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = try #require(object["name"] as? String)
            #expect(object.keys.contains("p50_ms") && object.keys.contains("p99_ms"))
            rates[name] = object["ops_per_sec"] as? Double
        }
        for name in [
            "jws-verify", "offer-sign", "receipt-fold@50", "receipt-fold@500", "engine-replay", "hello-http",
            "entitlements-http-sqlite", "notifications-http-sqlite", "ledger-replay-sqlite", "metrics-contributions",
            "metrics-mrr-12-months-sqlite", "metrics-active-365-days-sqlite", "metrics-retention-12-cohorts-sqlite",
            "notifications-http-no-endpoint-sqlite", "notifications-http-webhooks-sqlite", "webhooks-sqlite",
        ] {
            #expect((rates[name] ?? 0) > 0, "\(name): \(rates[name].map { "\($0)" } ?? "missing")")
        }
    }
}
