import Foundation
import Hummingbird
import HummingbirdTesting
import PerennialClient
import Testing

/// The transport apps use, over a real socket: Foundation's URLSession (FoundationNetworking's on Linux)
/// against Perennial listening on loopback.
@Suite("Client: URLSession against a live server")
struct ClientURLSessionTransportTests {
    @Test(.timeLimit(.minutes(2)))
    func theClientReadsLogsInAndRevalidatesOverURLSession() async throws {
        try await TestHarness.run { harness in
            try await Application(router: harness.stack.router()).test(.live) { live in
                let port = try #require(live.port)
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("perennial-client-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: directory) }
                let configuration = ClientConfiguration(
                    apiKey: TestHarness.publicKey, baseURL: URL(string: "http://127.0.0.1:\(port)")!, appUserID: "team/lia é?#",
                    storageDirectory: directory)
                let client = Perennial(configuration: configuration, dependencies: ClientDependencies(
                    transport: URLSessionTransport(), store: nil,
                    values: FileValueStore(file: directory.appendingPathComponent("identity.json"))))
                await client.start()
                let unknown = try await client.customerInfo()
                #expect(unknown.appUserID == "team/lia é?#" && unknown.entitlements.isEmpty && unknown.source == .server)
                let (loggedIn, created) = try await client.logIn("lia")
                #expect(created && loggedIn.appUserID == "lia")
                let again = try await client.customerInfo(.fromServer)
                #expect(again.source == .server && again.appUserID == "lia")
                await #expect(throws: PerennialClientError.storeUnavailable) { try await client.purchase(productID: "pro.monthly") }
                let wrongKey = Perennial(
                    configuration: ClientConfiguration(apiKey: "pk_wrong", baseURL: configuration.baseURL, appUserID: "lia",
                                                       storageDirectory: directory.appendingPathComponent("other")),
                    dependencies: ClientDependencies(transport: URLSessionTransport(), store: nil,
                                                     values: FileValueStore(file: directory.appendingPathComponent("other/identity.json"))))
                let refused = await #expect(throws: PerennialClientError.self) { try await wrongKey.customerInfo() }
                #expect(refused?.code == "invalid_api_key")
                #expect(refused?.isRetryable == false)
                await client.stop()
            }
        }
    }
}
