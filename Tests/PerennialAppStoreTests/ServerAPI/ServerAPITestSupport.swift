import Crypto
import Foundation
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import PerennialTesting

/// Constants, fixtures and JWT helpers shared by the App Store Server API tests.
enum ServerAPITestSupport {
    static let issuerId = "57246542-96fe-1a63-e053-0824d011072a"
    static let keyId = "2X9R4HXF34"
    static let bundleId = "com.example"
    /// 2023-10-24T12:01:40Z.
    static let start = Instant(milliseconds: 1_698_148_900_000)
    static let production = "https://api.storekit.itunes.apple.com"
    static let sandbox = "https://api.storekit-sandbox.itunes.apple.com"

    /// The contents of Apple's test `.p8` key.
    static func privateKeyPEM() throws -> String {
        String(decoding: try PerennialTesting.Fixtures.data("apple/certs/testSigningKey.p8"), as: UTF8.self)
    }

    /// The public half of the test key.
    static func publicKey() throws -> P256.Signing.PublicKey {
        try P256.Signing.PrivateKey(pemRepresentation: privateKeyPEM()).publicKey
    }

    /// An example body from `apple/models/`.
    static func model(_ name: String) throws -> Data {
        try PerennialTesting.Fixtures.data("apple/models/\(name)")
    }

    /// Decodes an example body from `apple/models/`.
    static func decode<T: Decodable>(_ type: T.Type, model name: String) throws -> T {
        try JSONDecoder().decode(T.self, from: model(name))
    }

    /// An answer with a JSON body from `apple/models/`.
    static func answer(_ status: Int, model name: String, headers: [HTTPTransportHeader] = []) throws
        -> ScriptedTransport.Answer
    {
        .response(HTTPTransportResponse(status: status, headers: headers, body: Array(try model(name))))
    }

    /// An answer with a JSON body.
    static func answer(_ status: Int, _ json: String = "", headers: [HTTPTransportHeader] = []) -> ScriptedTransport.Answer {
        .response(HTTPTransportResponse(status: status, headers: headers, body: Array(json.utf8)))
    }

    /// An Apple error body answer.
    static func appleError(_ status: Int, code: Int, message: String = "error", headers: [HTTPTransportHeader] = [])
        -> ScriptedTransport.Answer
    {
        answer(status, #"{"errorCode":\#(code),"errorMessage":"\#(message)"}"#, headers: headers)
    }

    /// A request's JSON body as Foundation objects.
    static func jsonBody(_ request: HTTPTransportRequest) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] ?? [:]
    }

    /// The bearer token of a request.
    static func bearer(_ request: HTTPTransportRequest) -> String? {
        guard let value = request.header("Authorization"), value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }
}

/// A compact JWS split into its parts.
struct ServerAPIDecodedJWT {
    var header: [String: Any]
    var claims: [String: Any]
    var signingInput: String
    var signature: Data

    init(_ token: String) throws {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw ServerAPITestFailure("not three parts") }
        header = try Self.object(parts[0])
        claims = try Self.object(parts[1])
        signingInput = parts[0] + "." + parts[1]
        signature = try Self.base64URL(parts[2])
    }

    /// Whether the signature verifies with a public key (ES256, raw r||s).
    func verifies(with key: P256.Signing.PublicKey) -> Bool {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(signature, for: Data(signingInput.utf8))
    }

    static func base64URL(_ text: String) throws -> Data {
        guard let data = Base64URL.decode(text) else { throw ServerAPITestFailure("not base64url") }
        return data
    }

    static func object(_ part: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: base64URL(part)) as? [String: Any] else {
            throw ServerAPITestFailure("not a JSON object")
        }
        return object
    }
}

/// A failure inside a test helper.
struct ServerAPITestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// An App Store Server API client on a scripted transport, a fixed clock and recorded sleeps; the jitter always
/// picks the ceiling, so backoff waits are exact.
struct ServerAPIHarness {
    let transport: ScriptedTransport
    let recorder = SleepRecorder()
    let clock = FixedClock(ServerAPITestSupport.start)
    let client: AppStoreServerAPIClient

    init(
        _ answers: [ScriptedTransport.Answer], environment: ServerAPIEnvironment = .production, baseURL: String? = nil,
        fallbackToSandbox: Bool = true, retryPolicy: RetryPolicy = RetryPolicy(), rateLimitRetries: Int = 2,
        maximumRateLimitWait: Duration = .seconds(30)
    ) throws {
        transport = ScriptedTransport(answers)
        let recorder = recorder
        client = try AppStoreServerAPIClient(
            configuration: AppStoreServerAPIConfiguration(
                issuerId: ServerAPITestSupport.issuerId, keyId: ServerAPITestSupport.keyId,
                bundleId: ServerAPITestSupport.bundleId, environment: environment, baseURL: baseURL,
                fallbackToSandbox: fallbackToSandbox, timeout: .seconds(9), retryPolicy: retryPolicy,
                rateLimitRetries: rateLimitRetries, maximumRateLimitWait: maximumRateLimitWait
            ),
            privateKeyPEM: ServerAPITestSupport.privateKeyPEM(), transport: transport, clock: clock,
            sleep: { await recorder.record($0) }, jitter: { $0.upperBound }
        )
    }

    var requests: [HTTPTransportRequest] { get async { await transport.requests } }
    var urls: [String] { get async { await transport.requests.map(\.url) } }
    var delays: [Duration] { get async { await recorder.delays } }
    var unused: Int { get async { await transport.unused } }
}
