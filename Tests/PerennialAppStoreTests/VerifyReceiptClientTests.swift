import Foundation
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import Testing

@Suite("VerifyReceiptClient")
struct VerifyReceiptClientTests {
    static let receiptData = "MIIT-RECEIPT-DATA-base64=="
    static let secret = "current-secret-0123456789abcdef"
    static let previousSecret = "previous-secret-fedcba9876543210"

    /// A client on a scripted transport whose waits are recorded and whose jitter always picks the ceiling.
    struct Harness {
        let transport: ScriptedTransport
        let recorder = SleepRecorder()
        let client: VerifyReceiptClient

        init(
            _ answers: [ScriptedTransport.Answer], previousSecret: String? = nil,
            retryPolicy: RetryPolicy = RetryPolicy(), jitterFraction: Double = 1
        ) {
            transport = ScriptedTransport(answers)
            let recorder = recorder
            client = VerifyReceiptClient(
                configuration: VerifyReceiptConfiguration(
                    productionURL: "https://prod.test/verifyReceipt", sandboxURL: "https://sandbox.test/verifyReceipt",
                    sharedSecret: VerifyReceiptClientTests.secret, previousSharedSecret: previousSecret,
                    timeout: .seconds(7), retryPolicy: retryPolicy
                ),
                transport: transport,
                sleep: { await recorder.record($0) },
                jitter: { range in
                    let value = range.lowerBound + (range.upperBound - range.lowerBound) * jitterFraction
                    Task { await recorder.recordJitter(range) }
                    return value
                }
            )
        }

        func verify(excludeOldTransactions: Bool = false) async -> VerifyReceiptOutcome {
            await client.verify(receiptData: VerifyReceiptClientTests.receiptData, excludeOldTransactions: excludeOldTransactions)
        }

        var urls: [String] { get async { await transport.requests.map(\.url) } }
        var delays: [Duration] { get async { await recorder.delays } }

        /// The JSON bodies sent, parsed.
        var bodies: [[String: Any]] {
            get async {
                await transport.requests.map {
                    (try? JSONSerialization.jsonObject(with: Data($0.body))) as? [String: Any] ?? [:]
                }
            }
        }
    }

    static let production = "https://prod.test/verifyReceipt"
    static let sandbox = "https://sandbox.test/verifyReceipt"

    // MARK: - status 0 and the request

    @Test("status 0 is verified by production with one POST carrying the receipt and the password")
    func valid() async throws {
        let harness = Harness([.status(0, environment: "Production")])
        let outcome = await harness.verify()
        guard case .verified(let response, let environment, let usedPreviousSecret) = outcome else {
            Issue.record("expected verified, got \(outcome)")
            return
        }
        #expect(response.status == 0)
        #expect(response.receipt?.bundleID == "com.example.anchor")
        #expect(environment == .production)
        #expect(usedPreviousSecret == false)
        let requests = await harness.transport.requests
        #expect(requests.count == 1)
        let request = try #require(requests.first)
        #expect(request.method == "POST")
        #expect(request.url == Self.production)
        #expect(request.timeout == .seconds(7))
        #expect(request.header("content-type") == "application/json")
        let body = try #require(await harness.bodies.first)
        #expect(body["receipt-data"] as? String == Self.receiptData)
        #expect(body["password"] as? String == Self.secret)
        #expect(body["exclude-old-transactions"] as? Bool == false)
    }

    @Test("exclude-old-transactions is sent when asked")
    func excludeOldTransactions() async throws {
        let harness = Harness([.status(0)])
        _ = await harness.verify(excludeOldTransactions: true)
        let body = try #require(await harness.bodies.first)
        #expect(body["exclude-old-transactions"] as? Bool == true)
        #expect(body["password"] as? String == Self.secret)
    }

    @Test("no shared secret sends no password")
    func noSecret() async throws {
        let transport = ScriptedTransport([.status(0)])
        let client = VerifyReceiptClient(
            configuration: VerifyReceiptConfiguration(sharedSecret: nil), transport: transport, sleep: { _ in }
        )
        _ = await client.verify(receiptData: "abc")
        let request = try #require(await transport.requests.first)
        #expect(request.url == "https://buy.itunes.apple.com/verifyReceipt")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["password"] == nil)
        #expect(body["receipt-data"] as? String == "abc")
    }

    @Test("21006 is verified: the receipt still comes back")
    func expiredLegacyReceipt() async {
        let harness = Harness([.status(21006)])
        let outcome = await harness.verify()
        #expect(outcome.response?.status == 21006)
        #expect(outcome.response?.receipt != nil)
        #expect(await harness.transport.requests.count == 1)
    }

    // MARK: - final refusals

    @Test("final statuses are rejected after one request, without retry", arguments: [
        (21000, nil, VerifyReceiptStatus.malformedRequest(21000)),
        (21001, nil, .malformedRequest(21001)),
        (21002, nil, .malformedRequest(21002)),
        (21003, nil, .notAuthentic),
        (21010, nil, .accountNotFound),
        (21100, "0", .failed(21100)),
        (21150, "false", .failed(21150)),
        (21199, nil, .failed(21199)),
        (21011, nil, .failed(21011)),
        (-1, nil, .failed(-1)),
    ] as [(Int, String?, VerifyReceiptStatus)])
    func rejected(status: Int, isRetryable: String?, expected: VerifyReceiptStatus) async {
        let harness = Harness([.status(status, isRetryable: isRetryable)])
        #expect(await harness.verify() == .rejected(status: status, expected))
        #expect(await harness.transport.requests.count == 1)
        #expect(await harness.delays.isEmpty)
    }

    // MARK: - shared secret

    @Test("21004 without a previous secret is a configuration error after one request")
    func wrongSecret() async {
        let harness = Harness([.status(21004), .status(0)])
        guard case .misconfigured(let status, let message) = await harness.verify() else {
            Issue.record("expected misconfigured")
            return
        }
        #expect(status == 21004)
        #expect(!message.contains(Self.secret))
        #expect(await harness.transport.requests.count == 1)
    }

    @Test("21004 with a previous secret retries once with it and reports that it matched")
    func previousSecretMatches() async throws {
        let harness = Harness([.status(21004), .status(0)], previousSecret: Self.previousSecret)
        guard case .verified(_, let environment, let usedPreviousSecret) = await harness.verify() else {
            Issue.record("expected verified")
            return
        }
        #expect(environment == .production)
        #expect(usedPreviousSecret)
        let bodies = await harness.bodies
        #expect(bodies.map { $0["password"] as? String } == [Self.secret, Self.previousSecret])
        #expect(bodies.map { $0["receipt-data"] as? String } == [Self.receiptData, Self.receiptData])
        #expect(await harness.urls == [Self.production, Self.production])
        #expect(await harness.delays.isEmpty)
    }

    @Test("21004 with both secrets is a configuration error")
    func bothSecretsRefused() async {
        let harness = Harness([.status(21004), .status(21004), .status(0)], previousSecret: Self.previousSecret)
        guard case .misconfigured(let status, let message) = await harness.verify() else {
            Issue.record("expected misconfigured")
            return
        }
        #expect(status == 21004)
        #expect(message.contains("previous"))
        #expect(!message.contains(Self.secret) && !message.contains(Self.previousSecret))
        #expect(await harness.transport.requests.count == 2)
    }

    // MARK: - redirects

    @Test("21007 resends the same request to the sandbox")
    func sandboxRedirect() async {
        let harness = Harness([.status(21007), .status(0, environment: "Sandbox")])
        guard case .verified(let response, let environment, false) = await harness.verify(excludeOldTransactions: true)
        else {
            Issue.record("expected verified")
            return
        }
        #expect(response.environment == "Sandbox")
        #expect(environment == .sandbox)
        #expect(await harness.urls == [Self.production, Self.sandbox])
        let requests = await harness.transport.requests
        #expect(requests[0].body == requests[1].body)
        #expect(await harness.delays.isEmpty)
    }

    @Test("21008 from the sandbox resends to production")
    func productionRedirect() async {
        let harness = Harness([.status(21007), .status(21008), .status(0)])
        guard case .verified(_, let environment, _) = await harness.verify() else {
            Issue.record("expected verified")
            return
        }
        #expect(environment == .production)
        #expect(await harness.urls == [Self.production, Self.sandbox, Self.production])
    }

    @Test("redirects are followed once each way, never in a loop")
    func redirectLoop() async {
        let harness = Harness([.status(21007), .status(21008), .status(21007), .status(0)])
        guard case .misconfigured(let status, _) = await harness.verify() else {
            Issue.record("expected misconfigured")
            return
        }
        #expect(status == 21007)
        #expect(await harness.transport.requests.count == 3)
    }

    @Test("21008 from production itself is not followed")
    func productionSaysSandbox() async {
        let harness = Harness([.status(21008), .status(0)])
        guard case .misconfigured(21008, _) = await harness.verify() else {
            Issue.record("expected misconfigured")
            return
        }
        #expect(await harness.transport.requests.count == 1)
    }

    @Test("a sandbox redirect keeps the previous secret once it was needed")
    func redirectAfterSecretFallback() async throws {
        let harness = Harness([.status(21004), .status(21007), .status(0)], previousSecret: Self.previousSecret)
        guard case .verified(_, .sandbox, true) = await harness.verify() else {
            Issue.record("expected verified by the sandbox with the previous secret")
            return
        }
        #expect(await harness.bodies.map { $0["password"] as? String } == [Self.secret, Self.previousSecret, Self.previousSecret])
    }

    // MARK: - retries

    @Test("temporary statuses are retried with backoff, then succeed", arguments: [
        ScriptedTransport.Answer.status(21005), .status(21009), .status(21100, isRetryable: "1"),
        .status(21199, isRetryable: "true"), .http(500), .http(502), .http(503), .http(429),
        .failure(.timeout()), .failure(.connection("connection refused")), .failure(.other("tls")),
        .http(200, body: "<html>Service Unavailable</html>"), .http(200, body: ""), .http(200, body: #"{"environment":"Sandbox"}"#),
    ])
    func retriedThenVerified(failure: ScriptedTransport.Answer) async {
        let harness = Harness([failure, failure, .status(0)])
        guard case .verified(_, .production, false) = await harness.verify() else {
            Issue.record("expected verified after two failures")
            return
        }
        #expect(await harness.transport.requests.count == 3)
        #expect(await harness.urls == Array(repeating: Self.production, count: 3))
        #expect(await harness.delays == [.milliseconds(500), .seconds(1)])
    }

    @Test("temporary failures become unavailable once attempts run out", arguments: [
        (ScriptedTransport.Answer.status(21005), "status 21005"), (.status(21009), "status 21009"),
        (.status(21120, isRetryable: "1"), "status 21120"), (.http(500), "HTTP 500"), (.http(502), "HTTP 502"),
        (.http(503), "HTTP 503"), (.failure(.timeout()), "timeout"), (.http(200, body: "not json"), "not a verifyReceipt response"),
    ])
    func unavailable(failure: ScriptedTransport.Answer, reasonFragment: String) async {
        let harness = Harness([failure, failure, failure, .status(0)])
        guard case .unavailable(let reason) = await harness.verify() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains(reasonFragment))
        #expect(reason.contains("3 attempts"))
        #expect(await harness.transport.requests.count == 3)
        #expect(await harness.transport.unused == 1)
        #expect(await harness.delays == [.milliseconds(500), .seconds(1)])
    }

    @Test("waits grow exponentially up to the maximum, with full jitter")
    func backoff() async {
        let failures = Array(repeating: ScriptedTransport.Answer.http(503), count: 6)
        let policy = RetryPolicy(attempts: 6, baseDelay: .milliseconds(500), maxDelay: .seconds(3))
        let full = Harness(failures, retryPolicy: policy)
        _ = await full.verify()
        #expect(await full.delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(3), .seconds(3)])

        let quarter = Harness(failures, retryPolicy: policy, jitterFraction: 0.25)
        _ = await quarter.verify()
        #expect(await quarter.delays == [.milliseconds(125), .milliseconds(250), .milliseconds(500), .milliseconds(750), .milliseconds(750)])

        let none = Harness(failures, retryPolicy: policy, jitterFraction: 0)
        _ = await none.verify()
        #expect(await none.delays == Array(repeating: .zero, count: 5))
    }

    @Test("the jitter source is asked for 0…ceiling in seconds")
    func jitterRange() async {
        let harness = Harness([.http(503), .http(503), .status(0)])
        _ = await harness.verify()
        try? await Task.sleep(for: .milliseconds(50))
        #expect(await harness.recorder.jitterRanges == [0...0.5, 0...1.0])
    }

    @Test("one attempt means no retry")
    func singleAttempt() async {
        let harness = Harness([.http(503), .status(0)], retryPolicy: .none)
        guard case .unavailable = await harness.verify() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(await harness.transport.requests.count == 1)
        #expect(await harness.delays.isEmpty)
    }

    @Test("retries continue at the endpoint that failed, after a redirect")
    func retryAtSandbox() async {
        let harness = Harness([.status(21007), .http(503), .status(0)])
        guard case .verified(_, .sandbox, _) = await harness.verify() else {
            Issue.record("expected verified by the sandbox")
            return
        }
        #expect(await harness.urls == [Self.production, Self.sandbox, Self.sandbox])
    }

    @Test("a cancelled wait ends with unavailable")
    func cancelledSleep() async {
        let transport = ScriptedTransport([.http(503), .status(0)])
        let client = VerifyReceiptClient(
            configuration: VerifyReceiptConfiguration(sharedSecret: Self.secret), transport: transport,
            sleep: { _ in throw CancellationError() }, jitter: { $0.upperBound }
        )
        guard case .unavailable(let reason) = await client.verify(receiptData: Self.receiptData) else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("cancelled"))
        #expect(await transport.requests.count == 1)
    }

    // MARK: - configuration errors

    @Test("HTTP 4xx other than 429 is a configuration error, not retried", arguments: [400, 401, 403, 404, 405, 413, 301])
    func httpClientError(status: Int) async {
        let harness = Harness([.http(status), .status(0)])
        #expect(await harness.verify() == .misconfigured(status: status, message: """
            HTTP \(status) from the production endpoint: check the verifyReceipt URL and the network path to it
            """))
        #expect(await harness.transport.requests.count == 1)
    }

    @Test("an unusable URL is a configuration error")
    func invalidURL() async {
        let harness = Harness([.failure(HTTPTransportError(.invalidRequest, message: "not an absolute http(s) URL"))])
        guard case .misconfigured(0, _) = await harness.verify() else {
            Issue.record("expected misconfigured")
            return
        }
        #expect(await harness.transport.requests.count == 1)
    }

    // MARK: - secrecy

    @Test("outcomes and descriptions never contain the receipt data or a secret", arguments: [
        [ScriptedTransport.Answer.status(21004), .status(21004)], [.http(403)], [.status(21003)],
        [.http(500), .http(500), .http(500)], [.failure(.timeout()), .failure(.timeout()), .failure(.timeout())],
        [.status(21007), .status(21008), .status(21007)],
    ])
    func secrecy(answers: [ScriptedTransport.Answer]) async {
        let harness = Harness(answers, previousSecret: Self.previousSecret)
        let text = String(describing: await harness.verify()) + String(reflecting: harness.client.configuration)
            + String(describing: harness.client.configuration)
        var dumped = ""
        dump(harness.client.configuration, to: &dumped)
        for secret in [Self.receiptData, Self.secret, Self.previousSecret] {
            #expect(!text.contains(secret))
            #expect(!dumped.contains(secret))
        }
        #expect(text.contains("<redacted>"))
    }

    @Test("the default configuration points at Apple")
    func defaults() {
        let configuration = VerifyReceiptConfiguration(sharedSecret: "s")
        #expect(configuration.productionURL == "https://buy.itunes.apple.com/verifyReceipt")
        #expect(configuration.sandboxURL == "https://sandbox.itunes.apple.com/verifyReceipt")
        #expect(configuration.previousSharedSecret == nil)
        #expect(configuration.timeout == .seconds(15))
        #expect(configuration.retryPolicy == RetryPolicy(attempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(8)))
    }
}
