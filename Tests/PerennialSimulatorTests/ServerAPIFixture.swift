import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import PerennialSimulator

/// A simulator whose main app has a Server API key, and clients that call it in process.
enum ServerAPIFixture {
    static let issuerID = "57246542-96fe-1a63-e053-0824d011072a"
    static let keyID = "SIMKEY1234"
    static let baseURL = "http://simulator.test"

    /// A fresh key pair: the private half for clients, the public half in the simulator's configuration.
    static func key() -> (privatePEM: String, publicPEM: String) {
        let key = P256.Signing.PrivateKey()
        return (key.pemRepresentation, key.publicKey.pemRepresentation)
    }

    static func simulator(publicKeyPEM: String, sender: RecordingSender? = nil) throws -> AppStoreSimulator {
        var configuration = NotificationFixture.configuration(v1: false)
        configuration.apps[0].serverAPI = SimulatorServerAPIKey(
            issuerID: issuerID, keyID: keyID, publicKeyPEM: publicKeyPEM)
        return try AppStoreSimulator(configuration: configuration, notificationSender: sender)
    }

    /// Perennial's Server API client for the fixture's app, talking to `client` (the simulator's router).
    static func apiClient(
        _ client: any TestClientProtocol, privateKeyPEM: String, simulator: AppStoreSimulator,
        environment: ServerAPIEnvironment = .sandbox, path: String = "/sandbox"
    ) throws -> AppStoreServerAPIClient {
        let configuration = AppStoreServerAPIConfiguration(
            issuerId: issuerID, keyId: keyID, bundleId: Fixture.bundleID, environment: environment,
            baseURL: baseURL + path, fallbackToSandbox: false, retryPolicy: RetryPolicy(attempts: 1))
        return try AppStoreServerAPIClient(
            configuration: configuration, privateKeyPEM: privateKeyPEM, transport: RouterTransport(client: client),
            clock: simulator.clock)
    }

    /// A bearer token signed with `privateKeyPEM`.
    static func token(
        privateKeyPEM: String, bundleID: String = Fixture.bundleID, issuedAt: Instant = Fixture.start,
        clock: SimulatorClock? = nil
    ) throws -> String {
        let signer = try ServerAPIJWTSigner(
            issuerId: issuerID, keyId: keyID, bundleId: bundleID, privateKeyPEM: privateKeyPEM,
            clock: clock ?? SimulatorClock(start: issuedAt, rate: 0))
        return try signer.token()
    }

    /// The `errorCode` of the Server API error `call` throws; nil when it succeeds or throws something else.
    static func errorCode(_ call: () async throws -> Void) async -> Int? {
        do {
            try await call()
            return nil
        } catch let error as AppStoreServerAPIError {
            return error.errorCode?.rawValue
        } catch {
            return nil
        }
    }

    /// Sends `body` with a valid bearer token and returns the response.
    static func send(
        _ client: any TestClientProtocol, privateKeyPEM: String, _ method: HTTPRequest.Method, _ uri: String,
        _ body: String? = nil, clock: SimulatorClock? = nil
    ) async throws -> TestResponse {
        let token = try Self.token(privateKeyPEM: privateKeyPEM, clock: clock)
        return try await client.executeRequest(
            uri: uri, method: method, headers: [.authorization: "Bearer " + token], body: body.map { ByteBuffer(string: $0) })
    }
}
