import AsyncHTTPClient
import Foundation
import HummingbirdTesting
import PerennialAppStore
import PerennialCore
import PerennialOutbound
import PerennialServer
import PerennialSimulator
import PerennialStoreModule
import Testing

/// The verifyReceipt client over real HTTP against the simulator, for every status in the receipt guide's
/// table, the environment redirects, HTTP failures and timeouts.
@Suite("verifyReceipt client against the simulator")
struct VerifyReceiptAgainstSimulatorTests {
    /// Runs `body` with a simulator on a loopback port and a client pointed at it. The timeout is generous
    /// unless a test is about timeouts: under the whole suite's load a 2 s timeout fired on requests that
    /// carried a fault, whose retry then succeeded, and the fault's status was never seen.
    func withSimulator(
        attempts: Int = 2, timeout: Duration = .seconds(15),
        _ body: @Sendable (AppStoreSimulator, VerifyReceiptClient, String) async throws -> Void
    ) async throws {
        TestLogging.bootstrap()
        let configuration = SimulatorConfiguration.example(timeScale: .manual, start: TestHarness.start)
        let simulator = try AppStoreSimulator(configuration: configuration)
        try await SimulatorServer.makeApplication(simulator: simulator, port: 0).test(.live) { client in
            let base = "http://127.0.0.1:\(client.port!)"
            let verifier = VerifyReceiptClient(
                configuration: VerifyReceiptConfiguration(
                    productionURL: base + "/production/verifyReceipt", sandboxURL: base + "/sandbox/verifyReceipt",
                    sharedSecret: configuration.apps[0].sharedSecret, timeout: timeout,
                    retryPolicy: RetryPolicy(attempts: attempts, baseDelay: .milliseconds(1), maxDelay: .milliseconds(5))
                ),
                transport: AsyncHTTPClientTransport(client: .shared)
            )
            let purchase = try await simulator.purchase(account: "carol", bundleID: TestHarness.bundleID, productID: "pro.monthly")
            try await body(simulator, verifier, purchase.receiptData)
        }
    }

    @Test func aSandboxReceiptIsRedirectedFromProduction() async throws {
        try await withSimulator { _, client, receipt in
            guard case .verified(let response, let environment, _) = await client.verify(receiptData: receipt) else {
                Issue.record("expected a verified receipt")
                return
            }
            #expect(environment == .sandbox)
            #expect(response.environment == "Sandbox")
            #expect(response.latestReceiptInfo?.count == 1)
        }
    }

    @Test func aProductionReceiptIsVerifiedInProductionAndRefusedByTheSandbox() async throws {
        try await withSimulator { simulator, client, _ in
            let purchase = try await simulator.purchase(
                account: "dave", bundleID: TestHarness.bundleID, productID: "pro.monthly", environment: .production
            )
            guard case .verified(_, let environment, _) = await client.verify(receiptData: purchase.receiptData) else {
                Issue.record("expected a verified receipt")
                return
            }
            #expect(environment == .production)
            // A client pointed at the sandbox only is told 21008 and sent to production, which is the same
            // sandbox here: the loop is reported as a configuration error, not followed for ever.
            var sandboxOnly = client.configuration
            sandboxOnly.productionURL = sandboxOnly.sandboxURL
            let outcome = await VerifyReceiptClient(configuration: sandboxOnly, transport: AsyncHTTPClientTransport())
                .verify(receiptData: purchase.receiptData)
            guard case .misconfigured(let status, _) = outcome else {
                Issue.record("expected misconfigured, got \(outcome)")
                return
            }
            #expect(status == 21008)
        }
    }

    static let finalStatuses: [(Int, Bool?)] = [(21000, nil), (21002, nil), (21003, nil), (21010, nil), (21150, false), (21199, false)]

    @Test(arguments: finalStatuses)
    func finalStatusesAreRejectedWithoutRetry(status: Int, retryable: Bool?) async throws {
        try await withSimulator(attempts: 3) { simulator, client, receipt in
            _ = try await simulator.addFault(.status(status, isRetryable: retryable), requests: 1)
            let outcome = await client.verify(receiptData: receipt)
            guard case .rejected(let rejected, _) = outcome else {
                Issue.record("expected rejected, got \(outcome)")
                return
            }
            #expect(rejected == status)
            #expect(await simulator.faults().isEmpty)
        }
    }

    static let temporaryStatuses: [(Int, Bool?)] = [(21005, nil), (21009, nil), (21100, true), (21199, true)]

    @Test(arguments: temporaryStatuses)
    func temporaryStatusesAreRetried(status: Int, retryable: Bool?) async throws {
        try await withSimulator(attempts: 3) { simulator, client, receipt in
            _ = try await simulator.addFault(.status(status, isRetryable: retryable), requests: 2)
            guard case .verified = await client.verify(receiptData: receipt) else {
                Issue.record("expected the third attempt to succeed")
                return
            }
        }
    }

    @Test func temporaryStatusesThatPersistMakeTheReceiptUnavailable() async throws {
        try await withSimulator(attempts: 2) { simulator, client, receipt in
            _ = try await simulator.addFault(.status(21005, isRetryable: nil), seconds: 3600)
            guard case .unavailable = await client.verify(receiptData: receipt) else {
                Issue.record("expected unavailable")
                return
            }
        }
    }

    @Test func aWrongSharedSecretIsAConfigurationError() async throws {
        try await withSimulator { _, client, receipt in
            var wrong = client.configuration
            wrong.sharedSecret = "ffffffffffffffffffffffffffffffff"
            let outcome = await VerifyReceiptClient(configuration: wrong, transport: AsyncHTTPClientTransport()).verify(receiptData: receipt)
            guard case .misconfigured(let status, _) = outcome else {
                Issue.record("expected misconfigured, got \(outcome)")
                return
            }
            #expect(status == 21004)
        }
    }

    @Test func thePreviousSharedSecretStillWorksDuringARotation() async throws {
        try await withSimulator { _, client, receipt in
            var rotating = client.configuration
            rotating.previousSharedSecret = rotating.sharedSecret
            rotating.sharedSecret = "ffffffffffffffffffffffffffffffff"
            let outcome = await VerifyReceiptClient(configuration: rotating, transport: AsyncHTTPClientTransport()).verify(receiptData: receipt)
            guard case .verified(_, _, let usedPrevious) = outcome else {
                Issue.record("expected verified, got \(outcome)")
                return
            }
            #expect(usedPrevious)
        }
    }

    @Test func anExpiredIOS6ReceiptStillCarriesItsFacts() async throws {
        try await withSimulator { simulator, client, receipt in
            _ = try await simulator.addFault(.status(21006, isRetryable: nil), requests: 1)
            let outcome = await client.verify(receiptData: receipt)
            guard case .verified(let response, _, _) = outcome else {
                Issue.record("expected verified, got \(outcome)")
                return
            }
            #expect(response.status == 21006)
        }
    }

    @Test(arguments: [500, 502, 503])
    func serverErrorsAreRetried(httpStatus: Int) async throws {
        try await withSimulator(attempts: 3) { simulator, client, receipt in
            _ = try await simulator.addFault(.httpStatus(httpStatus, body: .html), requests: 2)
            guard case .verified = await client.verify(receiptData: receipt) else {
                Issue.record("expected the third attempt to succeed")
                return
            }
        }
    }

    @Test func timeoutsAreRetriedThenReportedUnavailable() async throws {
        // A timeout long enough that a loaded machine (the whole suite at once) still answers the retry within it:
        // 3 s once was not (a full run on two cores, 2026-11-29), so 8 s, and faults that outlast it.
        try await withSimulator(attempts: 2, timeout: .seconds(8)) { simulator, client, receipt in
            _ = try await simulator.addFault(.timeout(seconds: 20), requests: 1)
            guard case .verified = await client.verify(receiptData: receipt) else {
                Issue.record("expected the retry after one timeout to succeed")
                return
            }
            _ = try await simulator.addFault(.timeout(seconds: 20), requests: 2)
            guard case .unavailable = await client.verify(receiptData: receipt) else {
                Issue.record("expected unavailable after two timeouts")
                return
            }
        }
    }
}
