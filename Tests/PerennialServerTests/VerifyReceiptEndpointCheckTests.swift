import Logging
import PerennialAppStore
import PerennialAppStoreAdapter
import PerennialOutbound
import PerennialServer
import PerennialCore
import PerennialServices
import PerennialTesting
import Testing

/// A wrong verifyReceipt URL shows on /health when the server starts, not at the first receipt.
@Suite("verifyReceipt endpoint check")
struct VerifyReceiptEndpointCheckTests {
    /// Answers each URL from a table; a URL not in it is a refused connection.
    struct TableTransport: HTTPTransport {
        let answers: [String: HTTPTransportResponse]

        func send(_ request: HTTPTransportRequest) async throws -> HTTPTransportResponse {
            guard let answer = answers[request.url] else { throw HTTPTransportError(.connection, message: "connection refused") }
            return answer
        }
    }

    static let verifyReceipt = HTTPTransportResponse(status: 200, body: Array(#"{"status": 21002}"#.utf8))

    static func app(production: String, sandbox: String, mode: ReceiptValidationMode = .verifyReceipt) -> AppSettings {
        AppSettings(
            id: "forest", bundleID: "com.example.perennial",
            apple: AppleSettings(
                sharedSecret: "secret", productionVerifyReceiptURL: production, sandboxVerifyReceiptURL: sandbox, receiptValidation: mode
            ),
            catalog: Catalog(products: []), publicAPIKey: "pk_test_0123456789abcdef", secretAPIKey: "sk_test_0123456789abcdef"
        )
    }

    static func problems(
        _ app: AppSettings, answers: [String: HTTPTransportResponse], health: AppHealth = AppHealth()
    ) async -> [String: String] {
        let check = VerifyReceiptEndpointCheck(
            apps: [app], transport: TableTransport(answers: answers), health: health, clock: FixedClock(Instant(milliseconds: 0)),
            logger: TestLogging.logger("test")
        )
        await check.checkAll()
        return Dictionary(uniqueKeysWithValues: (await health.current()["forest"] ?? []).map { ($0.code, $0.message) })
    }

    @Test func endpointsThatAnswerAsVerifyReceiptLeaveHealthAlone() async {
        let app = Self.app(production: "http://store/production", sandbox: "http://store/sandbox")
        let found = await Self.problems(app, answers: ["http://store/production": Self.verifyReceipt, "http://store/sandbox": Self.verifyReceipt])
        #expect(found.isEmpty)
    }

    @Test func anEndpointThatCannotBeReachedIsReported() async {
        let app = Self.app(production: "http://store/production", sandbox: "http://nowhere/sandbox")
        let found = await Self.problems(app, answers: ["http://store/production": Self.verifyReceipt])
        #expect(found.keys.sorted() == ["verify_receipt_unreachable"])
        #expect(found["verify_receipt_unreachable"]?.contains("sandbox") == true)
    }

    @Test func anEndpointThatAnswersNonsenseIsReported() async {
        let app = Self.app(production: "http://store/production", sandbox: "http://store/sandbox")
        let found = await Self.problems(app, answers: [
            "http://store/production": HTTPTransportResponse(status: 200, body: Array("<html>welcome</html>".utf8)),
            "http://store/sandbox": HTTPTransportResponse(status: 404),
        ])
        #expect(found.keys.sorted() == ["verify_receipt_misconfigured"])
        #expect(found["verify_receipt_misconfigured"]?.contains("404") == true)
    }

    @Test func aLaterCheckThatFindsThemAnsweringClearsTheProblem() async {
        let app = Self.app(production: "http://store/production", sandbox: "http://store/sandbox")
        let health = AppHealth()
        #expect(await !Self.problems(app, answers: [:], health: health).isEmpty)
        let after = await Self.problems(
            app, answers: ["http://store/production": Self.verifyReceipt, "http://store/sandbox": Self.verifyReceipt], health: health
        )
        #expect(after.isEmpty)
    }

    @Test func appsThatNeverAskVerifyReceiptAreNotChecked() async {
        let app = Self.app(production: "http://nowhere/production", sandbox: "http://nowhere/sandbox", mode: .local)
        #expect(await Self.problems(app, answers: [:]).isEmpty)
    }

    /// The simulator's verifyReceipt answers the check as Apple's does.
    @Test func theSimulatorsEndpointsPassTheCheck() async throws {
        try await TestHarness.run { harness in
            let health = AppHealth()
            let check = VerifyReceiptEndpointCheck(
                apps: harness.configuration.apps, transport: AsyncHTTPClientTransport(client: .shared), health: health,
                clock: harness.clock, logger: TestLogging.logger("test")
            )
            await check.checkAll()
            #expect(await health.current().isEmpty)
        }
    }
}
