import Foundation
import PerennialServer
import PerennialStoreModule
import Testing

/// `server.tracing` and the owner token: read as documented, refused with the key named when wrong.
@Suite("Tracing and owner token settings")
struct TracingSettingsTests {
    static func file(tracing: String) -> String {
        "server:\n  tracing:\n" + tracing.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\napps: []\n"
    }

    @Test func offByDefaultAndReadWhenGiven() throws {
        let defaults = try ConfigurationLoader(environment: [:]).parse("apps: []\n", file: "perennial.yaml")
        #expect(defaults.server.tracing == TracingSettings())
        #expect(!defaults.server.tracing.enabled)
        let configured = try ConfigurationLoader(environment: [:]).parse(Self.file(tracing: """
            enabled: true
            endpoint: https://collector.example:4318/v1/traces
            protocol: http/json
            sample_ratio: 0.25
            service_name: perennial-eu
            """), file: "perennial.yaml").server.tracing
        #expect(configured.enabled)
        #expect(configured.endpoint == "https://collector.example:4318/v1/traces")
        #expect(configured.format == .json)
        #expect(configured.sampleRatio == 0.25)
        #expect(configured.serviceName == "perennial-eu")
    }

    @Test(arguments: [
        ("protocol: grpc", "tracing.protocol"), ("sample_ratio: 1.5", "tracing.sample_ratio"), ("sample_ratio: most", "tracing.sample_ratio"),
        ("endpoint: collector:4318", "tracing.endpoint"), ("service_name: \"\"", "tracing.service_name"), ("exporter: zipkin", "tracing"),
    ])
    func aWrongValueIsRefusedNamingItsKey(line: String, key: String) {
        let error = #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: [:]).parse(Self.file(tracing: line), file: "perennial.yaml")
        }
        #expect(error?.description.contains(key) == true, "\(String(describing: error))")
    }

    @Test func theOwnerTokenComesFromTheEnvironmentAndMustBeLong() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("owner-\(UUID().uuidString).yaml").path
        try "apps: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try ConfigurationLoader(environment: ["PERENNIAL_OWNER_TOKEN": String(repeating: "o", count: 32)]).load(path: path)
        #expect(loaded.server.ownerToken == String(repeating: "o", count: 32))
        #expect(throws: ConfigurationError.self) {
            try ConfigurationLoader(environment: ["PERENNIAL_OWNER_TOKEN": "short-owner-token"]).load(path: path)
        }
    }
}
