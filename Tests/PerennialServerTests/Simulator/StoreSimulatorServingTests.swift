import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import PerennialCore
import PerennialServer
import PerennialSimulator
import PerennialStoreModule
import Synchronization
import Testing

/// `perennial simulator` serves every store module's simulator beside the App Store's: its routes on the
/// same port, ticked every second.
@Suite struct StoreSimulatorServingTests {
    /// `--start`: a new App Store's clock starts at the instant given (ISO 8601); anything else is refused.
    @Test func theStartOptionSetsTheSimulatedStart() throws {
        let configuration = try SimulatorRunner.configuration(path: nil, timeScale: "{factor: 1}", start: "2026-05-01T12:00:00Z")
        #expect(configuration.start == Instant(milliseconds: 1_777_636_800_000))
        #expect(try SimulatorRunner.configuration(path: nil, timeScale: nil).start == nil)
        for bad in ["yesterday", "2026-05-01", ""] {
            #expect(throws: ConfigurationError.self) { try SimulatorRunner.configuration(path: nil, timeScale: nil, start: bad) }
        }
    }

    @Test(.timeLimit(.minutes(1))) func eachModulesSimulatorIsServedAndTicked() async throws {
        let bound = Mutex<Int?>(nil)
        let server = Task {
            try await SimulatorRunner.run(
                configuration: SimulatorConfiguration.example(), host: "127.0.0.1", port: 0, stateFolder: nil,
                modules: StoreModules.all + [TestStoreModule()], logger: Logger(label: "test"),
                onListening: { port in bound.withLock { $0 = port } })
        }
        defer { server.cancel() }
        var port: Int?
        while port == nil {
            try await Task.sleep(for: .milliseconds(50))
            port = bound.withLock { $0 }
        }
        let base = "http://127.0.0.1:\(port!)"
        // Stripe's module: its API for the simulator's secret key.
        var products = HTTPClientRequest(url: "\(base)/v1/products")
        products.headers.add(name: "Authorization", value: "Bearer sk_test_perennial")
        let listed = try await HTTPClient.shared.execute(products, timeout: .seconds(10))
        #expect(listed.status == .ok)
        let body = try await listed.body.collect(upTo: 1 << 20)
        #expect(String(buffer: body).contains("\"object\""))
        // PayPal's module: its API at PayPal's paths, beside Stripe's `/v1/…`.
        var token = HTTPClientRequest(url: "\(base)/v1/oauth2/token")
        token.method = .POST
        token.headers.add(name: "Authorization", value: "Basic " + Data("perennial-client:perennial-secret".utf8).base64EncodedString())
        token.body = .bytes(ByteBuffer(string: "grant_type=client_credentials"))
        let issued = try await HTTPClient.shared.execute(token, timeout: .seconds(10))
        #expect(issued.status == .ok)
        #expect(String(buffer: try await issued.body.collect(upTo: 1 << 20)).contains("access_token"))
        let root = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/simulator/paypal/root.pem"), timeout: .seconds(10))
        #expect(String(buffer: try await root.body.collect(upTo: 1 << 20)).hasPrefix("-----BEGIN CERTIFICATE-----"))
        // The test store's module: its route, and its ticks.
        try await Task.sleep(for: .milliseconds(1_500))
        let ticks = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/simulator/test_store/ticks"), timeout: .seconds(10))
        #expect(ticks.status == .ok)
        #expect((Int(String(buffer: try await ticks.body.collect(upTo: 1024))) ?? 0) >= 1)
    }
}
