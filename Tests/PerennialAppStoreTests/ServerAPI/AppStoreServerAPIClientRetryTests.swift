import Foundation
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import PerennialTesting
import Testing

@Suite("AppStoreServerAPIClient retries, rate limits, tokens and errors")
struct AppStoreServerAPIClientRetryTests {
    typealias Support = ServerAPITestSupport

    static func retryAfter(_ value: String) -> [HTTPTransportHeader] {
        [HTTPTransportHeader(name: "Retry-After", value: value)]
    }

    static func info() throws -> ScriptedTransport.Answer {
        try Support.answer(200, model: "transactionInfoResponse.json")
    }

    static func tooMany(_ headers: [HTTPTransportHeader] = []) throws -> ScriptedTransport.Answer {
        try Support.answer(429, model: "apiTooManyRequestsException.json", headers: headers)
    }

    /// The error a call threw, or nil.
    static func error(_ call: () async throws -> some Any) async -> AppStoreServerAPIError? {
        do {
            _ = try await call()
            return nil
        } catch {
            return error as? AppStoreServerAPIError
        }
    }

    // MARK: - HTTP 429

    @Test("429 waits until Apple's Retry-After (UNIX milliseconds), then succeeds")
    func rateLimitWaitsForRetryAfter() async throws {
        let harness = try ServerAPIHarness([try Self.tooMany(Self.retryAfter("1698148902500")), try Self.info()])
        let response = try await harness.client.getTransactionInfo("1")
        #expect(response.signedTransactionInfo == "signed_transaction_info_value")
        #expect(await harness.delays == [.milliseconds(2_500)])
        #expect(await harness.requests.count == 2)
    }

    @Test("429 with delay-seconds or an HTTP date waits as long")
    func rateLimitOtherForms() async throws {
        let harness = try ServerAPIHarness([
            try Self.tooMany(Self.retryAfter("3")), try Self.tooMany(Self.retryAfter("Tue, 24 Oct 2023 12:01:50 GMT")),
            try Self.info(),
        ])
        _ = try await harness.client.getTransactionInfo("1")
        #expect(await harness.delays == [.seconds(3), .seconds(10)])
    }

    @Test("429 without Retry-After backs off by the retry policy")
    func rateLimitWithoutHeader() async throws {
        let harness = try ServerAPIHarness([try Self.tooMany(), try Self.tooMany(), try Self.info()])
        _ = try await harness.client.getTransactionInfo("1")
        #expect(await harness.delays == [.milliseconds(500), .seconds(1)])
    }

    @Test("429 beyond the allowed retries gives up with a rate-limited error carrying Retry-After")
    func rateLimitGivesUp() async throws {
        let harness = try ServerAPIHarness([
            try Self.tooMany(Self.retryAfter("1698148901000")), try Self.tooMany(Self.retryAfter("1698148901000")),
            try Self.tooMany(Self.retryAfter("1698148964000")),
        ])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .rateLimited)
        #expect(error.httpStatus == 429)
        #expect(error.errorCode == .rateLimitExceeded)
        #expect(error.errorMessage == "Rate limit exceeded.")
        #expect(error.retryAfter == Instant(milliseconds: 1_698_148_964_000))
        #expect(error.environment == .production)
        #expect(error.isRetryable)
        #expect(await harness.delays == [.seconds(1), .seconds(1)])
        #expect(await harness.requests.count == 3)
    }

    @Test("a Retry-After later than the longest allowed wait gives up at once")
    func rateLimitTooFar() async throws {
        let harness = try ServerAPIHarness([try Self.tooMany(Self.retryAfter("3600")), try Self.info()])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .rateLimited)
        #expect(error.retryAfter == Support.start.adding(milliseconds: 3_600_000))
        #expect(await harness.delays.isEmpty)
        #expect(await harness.unused == 1)
    }

    // MARK: - 5xx and transport failures

    @Test("HTTP 500 is retried with backoff, then succeeds")
    func serverErrorRetried() async throws {
        let harness = try ServerAPIHarness([try Support.answer(500, model: "apiException.json"), try Self.info()])
        _ = try await harness.client.getTransactionInfo("1")
        #expect(await harness.delays == [.milliseconds(500)])
    }

    @Test("HTTP 5xx on every attempt gives up with Apple's error, marked retryable")
    func serverErrorGivesUp() async throws {
        let harness = try ServerAPIHarness([
            try Support.answer(500, model: "apiException.json"), Support.answer(503, "<html>busy</html>"),
            try Support.answer(500, model: "apiException.json"),
        ])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .apiError)
        #expect(error.httpStatus == 500)
        #expect(error.errorCode == .generalInternal)
        #expect(error.errorMessage == "An unknown error occurred.")
        #expect(error.isRetryable)
        #expect(await harness.delays == [.milliseconds(500), .seconds(1)])
        #expect(await harness.requests.count == 3)
    }

    @Test("an HTTP 5xx without an Apple body is unavailable")
    func bareServerError() async throws {
        let harness = try ServerAPIHarness([Support.answer(502, "bad gateway")], retryPolicy: .none)
        let error = try #require(await Self.error { try await harness.client.lookUpOrderId("X") })
        #expect(error.kind == .unavailable)
        #expect(error.httpStatus == 502)
        #expect(error.errorCode == nil)
    }

    @Test("timeouts and broken connections are retried")
    func transportFailuresRetried() async throws {
        let harness = try ServerAPIHarness([
            .failure(.timeout()), .failure(.connection("reset by peer")), try Self.info(),
        ])
        _ = try await harness.client.getTransactionInfo("1")
        #expect(await harness.delays == [.milliseconds(500), .seconds(1)])
    }

    @Test("a transport that keeps timing out gives up as unavailable")
    func transportGivesUp() async throws {
        let harness = try ServerAPIHarness([.failure(.timeout()), .failure(.timeout())], retryPolicy: RetryPolicy(attempts: 2))
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .unavailable)
        #expect(error.httpStatus == nil)
        #expect(error.isRetryable)
    }

    @Test("an unusable request is a configuration error, not retried")
    func invalidRequestNotRetried() async throws {
        let harness = try ServerAPIHarness([.failure(HTTPTransportError(.invalidRequest, message: "bad URL")), try Self.info()])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .invalidConfiguration)
        #expect(await harness.requests.count == 1)
    }

    @Test("Apple's retryable codes are retried even on a 404")
    func retryableCodesRetried() async throws {
        let harness = try ServerAPIHarness([
            Support.appleError(404, code: 4_040_006, message: "Original transaction id not found. Please try again."),
            try Self.info(),
        ])
        _ = try await harness.client.getTransactionInfo("1")
        #expect(await harness.delays == [.milliseconds(500)])
    }

    // MARK: - 401

    @Test("401 signs a new token and retries once")
    func unauthorizedRenewsToken() async throws {
        let harness = try ServerAPIHarness([Support.answer(401), try Self.info()])
        _ = try await harness.client.getTransactionInfo("1")
        let tokens = await harness.requests.compactMap(Support.bearer)
        #expect(tokens.count == 2)
        #expect(tokens[0] != tokens[1])
        #expect(try ServerAPIDecodedJWT(tokens[1]).verifies(with: try Support.publicKey()))
        #expect(await harness.delays.isEmpty)
    }

    @Test("a second 401 is an unauthorized error that names no token")
    func unauthorizedTwice() async throws {
        let harness = try ServerAPIHarness([Support.answer(401), Support.answer(401), try Self.info()])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.kind == .unauthorized)
        #expect(error.httpStatus == 401)
        #expect(!error.isRetryable)
        #expect(await harness.requests.count == 2)
        for token in await harness.requests.compactMap(Support.bearer) {
            #expect(!error.description.contains(token))
        }
        #expect(!error.description.contains("eyJ"))
    }

    @Test("the token is reused across calls and renewed once it nears expiry")
    func tokenReusedAcrossCalls() async throws {
        let harness = try ServerAPIHarness([try Self.info(), try Self.info(), try Self.info()])
        _ = try await harness.client.getTransactionInfo("1")
        harness.clock.advance(milliseconds: 10 * 60_000)
        _ = try await harness.client.getTransactionInfo("2")
        harness.clock.advance(milliseconds: 6 * 60_000)
        _ = try await harness.client.getTransactionInfo("3")
        let tokens = await harness.requests.compactMap(Support.bearer)
        #expect(tokens[0] == tokens[1])
        #expect(tokens[2] != tokens[1])
    }

    // MARK: - sandbox fallback

    @Test("a transaction id production does not know (4040010) is asked of the sandbox")
    func sandboxFallback() async throws {
        let harness = try ServerAPIHarness([
            Support.appleError(404, code: 4_040_010, message: "Transaction id not found."), try Self.info(),
        ])
        let response = try await harness.client.getTransactionInfo("2000000000000001")
        #expect(response.signedTransactionInfo == "signed_transaction_info_value")
        #expect(await harness.urls == [
            "\(Support.production)/inApps/v1/transactions/2000000000000001",
            "\(Support.sandbox)/inApps/v1/transactions/2000000000000001",
        ])
        #expect(await harness.delays.isEmpty)
    }

    @Test("the fallback also covers 4040005 and the statuses, refund and app transaction lookups")
    func sandboxFallbackOtherLookups() async throws {
        let harness = try ServerAPIHarness([
            Support.appleError(404, code: 4_040_005), try Support.answer(200, model: "getAllSubscriptionStatusesResponse.json"),
            Support.appleError(404, code: 4_040_010), try Support.answer(200, model: "getRefundHistoryResponse.json"),
            Support.appleError(404, code: 4_040_010), Support.answer(200, #"{"signedAppTransactionInfo":"x"}"#),
        ])
        _ = try await harness.client.getAllSubscriptionStatuses("1")
        _ = try await harness.client.getRefundHistory("1")
        _ = try await harness.client.getAppTransactionInfo("1")
        #expect(await harness.urls.map { $0.hasPrefix(Support.sandbox) } == [false, true, false, true, false, true])
    }

    @Test("not found in both environments throws the sandbox's error")
    func notFoundAnywhere() async throws {
        let harness = try ServerAPIHarness([
            Support.appleError(404, code: 4_040_010), Support.appleError(404, code: 4_040_010, message: "sandbox says no"),
        ])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("1") })
        #expect(error.errorCode == .transactionIdNotFound)
        #expect(error.environment == .sandbox)
        #expect(error.errorMessage == "sandbox says no")
    }

    @Test("without the fallback, or outside production, or for writes, 4040010 is thrown as is")
    func noFallback() async throws {
        let disabled = try ServerAPIHarness([Support.appleError(404, code: 4_040_010), try Self.info()], fallbackToSandbox: false)
        let first = try #require(await Self.error { try await disabled.client.getTransactionInfo("1") })
        #expect(first.errorCode == .transactionIdNotFound)
        #expect(first.httpStatus == 404)
        #expect(!first.isRetryable)
        #expect(await disabled.requests.count == 1)

        let sandbox = try ServerAPIHarness([Support.appleError(404, code: 4_040_010), try Self.info()], environment: .sandbox)
        #expect(await Self.error { try await sandbox.client.getTransactionInfo("1") }?.errorCode == .transactionIdNotFound)
        #expect(await sandbox.requests.count == 1)

        let write = try ServerAPIHarness([Support.appleError(404, code: 4_040_010), Support.answer(202)])
        let consumption = ConsumptionRequest(customerConsented: true, deliveryStatus: .delivered, sampleContentProvided: false)
        #expect(await Self.error { try await write.client.sendConsumptionInformation(transactionId: "1", consumption) }?.errorCode
            == .transactionIdNotFound)
        #expect(await write.requests.count == 1)
    }

    // MARK: - Apple's error bodies

    @Test("an Apple error body becomes a typed error, not retried")
    func appleErrorBody() async throws {
        let harness = try ServerAPIHarness([Support.appleError(400, code: 4_000_006, message: "Invalid transaction id."), try Self.info()])
        let error = try #require(await Self.error { try await harness.client.getTransactionInfo("abc") })
        #expect(error.kind == .apiError)
        #expect(error.httpStatus == 400)
        #expect(error.errorCode == .invalidTransactionId)
        #expect(error.errorMessage == "Invalid transaction id.")
        #expect(error.environment == .production)
        #expect(!error.isRetryable)
        #expect(await harness.requests.count == 1)
    }

    @Test("an unknown error code is kept as its number")
    func unknownErrorCode() async throws {
        let harness = try ServerAPIHarness([Support.appleError(403, code: 4_039_999, message: "Something new.")])
        let error = try #require(await Self.error {
            try await harness.client.extendSubscriptionRenewalDate(
                originalTransactionId: "1",
                ExtendRenewalDateRequest(extendByDays: 1, extendReasonCode: .other, requestIdentifier: "r")
            )
        })
        #expect(error.errorCode?.rawValue == 4_039_999)
        #expect(error.httpStatus == 403)
        #expect(error.description.contains("4039999"))
    }

    @Test("a success status with a body that is not the documented JSON is an invalid response")
    func undecodableBody() async throws {
        let harness = try ServerAPIHarness([Support.answer(200, "<html>captive portal</html>")])
        let error = try #require(await Self.error { try await harness.client.getAllSubscriptionStatuses("1") })
        #expect(error.kind == .invalidResponse)
        #expect(!error.isRetryable)
    }

    @Test("cancellation while waiting to retry is thrown as CancellationError")
    func cancellation() async throws {
        let transport = ScriptedTransport([Support.answer(503), try Self.info()])
        let client = try AppStoreServerAPIClient(
            configuration: AppStoreServerAPIConfiguration(
                issuerId: Support.issuerId, keyId: Support.keyId, bundleId: Support.bundleId
            ),
            privateKeyPEM: Support.privateKeyPEM(), transport: transport, clock: FixedClock(Support.start),
            sleep: { _ in throw CancellationError() }
        )
        await #expect(throws: CancellationError.self) { try await client.getTransactionInfo("1") }
        #expect(await transport.requests.count == 1)
    }
}
