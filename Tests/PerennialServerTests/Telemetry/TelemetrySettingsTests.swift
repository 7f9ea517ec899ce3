import Foundation
import PerennialServer
import PerennialStoreModule
import Testing

/// `server.metrics`: on by default for this machine only; a token from a file or the environment opens it
/// to a scraper elsewhere; a short token or an unreadable file is refused at startup.
@Suite("Metrics settings")
struct TelemetrySettingsTests {
    static func file(metrics: String) -> String {
        "server:\n  metrics:\n" + metrics.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\napps: []\n"
    }

    @Test func onByDefaultWithoutAToken() throws {
        let configuration = try ConfigurationLoader(environment: [:]).parse("apps: []\n", file: "perennial.yaml")
        #expect(configuration.server.metrics.enabled)
        #expect(configuration.server.metrics.token == nil)
    }

    @Test func theTokenComesFromItsFileOrTheEnvironment() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-token-\(UUID().uuidString)").path
        try Data("  scrape-token-from-file-0001\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fromFile = try ConfigurationLoader(environment: [:]).parse(Self.file(metrics: "token_file: \(path)"), file: "perennial.yaml")
        #expect(fromFile.server.metrics.token == "scrape-token-from-file-0001")
        let config = path + ".yaml"
        try Self.file(metrics: "enabled: false").write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let fromEnvironment = try ConfigurationLoader(environment: ["PERENNIAL_METRICS_TOKEN": "scrape-token-from-environment"])
            .load(path: config)
        #expect(fromEnvironment.server.metrics.token == "scrape-token-from-environment")
        #expect(!fromEnvironment.server.metrics.enabled)
    }

    @Test func aShortTokenAnUnreadableFileOrAnUnknownKeyIsRefused() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("metrics-token-\(UUID().uuidString)").path
        try Data("short".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for metrics in ["token_file: \(path)", "token_file: /nonexistent/metrics-token", "token: inline-tokens-are-not-read"] {
            #expect(throws: ConfigurationError.self) {
                try ConfigurationLoader(environment: [:]).parse(Self.file(metrics: metrics), file: "perennial.yaml")
            }
        }
        let config = path + ".yaml"
        try "apps: []\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: ["PERENNIAL_METRICS_TOKEN": "short"]).load(path: config)
        }
    }
}
